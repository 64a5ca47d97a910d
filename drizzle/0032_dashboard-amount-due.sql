-- Custom SQL (issue 15, review of 0029): an unpaid invoice adds to the dashboard's pending and overdue sums what
-- it still asks for (schema/invoices.ts invoiceAmountDueCents, shared/domain/totals.ts amountDueCents): its
-- total less the deposits it deducts, the credit notes against it and the payments received. 0029 kept the
-- older rule, total less payments, which counted a partly credited invoice, or a final invoice's deposits, as
-- still owed. The definition changes here, the trigger functions are written again from it, and every user's
-- totals are computed again.
CREATE OR REPLACE FUNCTION "dashboard_figures_of"(table_name text, source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format(CASE table_name
    WHEN 'invoices' THEN
      'SELECT user_id, ''unpaid'' AS figure, coalesce(due_date, ''infinity'') AS day, 1 AS count,
         total_cents - deposits_cents - credited_cents - paid_cents AS amount_cents
       FROM %1$I WHERE kind = ''facture'' AND status IN (''en-attente'', ''en-retard'')
       UNION ALL
       SELECT user_id, ''issued'', ''infinity'', 1, 0 FROM %1$I WHERE kind = ''facture'' AND invoice_number IS NOT NULL'
    WHEN 'payments' THEN
      'SELECT user_id, ''revenue'' AS figure, date_trunc(''month'', paid_on::timestamp)::date AS day, 1 AS count,
         amount_cents FROM %1$I'
    WHEN 'expenses' THEN
      'SELECT user_id, ''expenses'' AS figure, date_trunc(''month'', date::timestamp)::date AS day, 1 AS count,
         amount_cents FROM %1$I'
  END, source)
$$;
--> statement-breakpoint
SELECT "dashboard_totals_install"();
--> statement-breakpoint
SELECT "dashboard_totals_refill"();
--> statement-breakpoint
-- Only migrations (the owner) rewrite the trigger functions or refill every user's totals (review of 0029).
REVOKE EXECUTE ON FUNCTION "dashboard_figures_of"(text, text), "dashboard_totals_install"(), "dashboard_totals_refill"() FROM PUBLIC;
