-- Custom SQL (issue 15, the global search): trigram indexes make a substring search (LIKE '%…%') use an
-- index; pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded in src/server/db/client.ts), and is
-- a trusted extension, so a database owner without superuser rights can create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Lower case and accents dropped as src/shared/fold.ts folds the searched words (Latin letters U+00C0–U+024F,
-- typographic quotes and dashes, and the no-break, narrow no-break and thin spaces at the end), whatever the
-- cluster's locale. Immutable, so the search indexes below can be built on it.
CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN translate(lower($1), 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦĨĩĪīĬĭĮįİĲĴĵĶķĹĺĻļĽľĿŁŃńŅņŇňŊŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠơƢƤƦƧƩƬƮƯưƱƲƳƵƷƸƼǄǅǇǈǊǋǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǢǣǤǦǧǨǩǪǫǬǭǮǯǰǱǲǴǵǶǷǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȞȟȠȢȤȦȧȨȩȪȫȬȭȮȯȰȱȲȳȺȻȽȾɁɃɄɅɆɈɊɌɎ’‘ʼ«»“”–—‑   ', 'aaaaaaæceeeeiiiiðnoooooøuuuuyþaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddđeeeeeeeeeegggggggghhħiiiiiiiiiĳjjkkllllllŀłnnnnnnŋooooooœrrrrrrssssssssttttŧuuuuuuuuuuuuwwyyyzzzzzzɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵooƣƥʀƨʃƭʈuuʊʋƴƶʒƹƽǆǆǉǉǌǌaaiioouuuuuuuuuuaaaaææǥggkkooooʒʒjǳǳggƕƿnnaaææøøaaaaeeeeiiiioooorrrruuuussttȝhhƞȣȥaaeeooooooooyyⱥȼƚⱦɂƀʉʌɇɉɋɍɏ''''''""""---   ');
--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin (search_fold("name" || ' ' || coalesce("email", '') || ' ' || coalesce("siren", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin (search_fold(coalesce("contract_number", '') || ' ' || "title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin (search_fold(coalesce("invoice_number", '') || ' ' || "client_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_search_idx" ON "quotes" USING gin (search_fold(coalesce("quote_number", '') || ' ' || "client_name") gin_trgm_ops);