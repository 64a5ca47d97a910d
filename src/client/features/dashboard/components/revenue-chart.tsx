import { formatMoney } from "@shared/format";
import type { DashboardDto } from "@shared/schemas/dashboard";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const monthShort = new Intl.DateTimeFormat("fr-FR", { month: "short", timeZone: "UTC" });
const monthLong = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });
const compact = new Intl.NumberFormat("fr-FR", { notation: "compact", maximumFractionDigits: 1 });

const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/**
 * The 12-month revenue/expenses bars. recharts weighs ~100 KB gzip: this module is only ever loaded with
 * React.lazy from the dashboard, so it stays out of the first page's bundle.
 */
export default function RevenueChart({ series }: { series: DashboardDto["series"] }) {
  const data = series.map((point) => ({
    month: point.month,
    revenue: point.revenueCents / 100,
    expenses: point.expensesCents / 100,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} barGap={2}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="month"
          tickFormatter={(month: string) => monthShort.format(monthDate(month)).replace(".", "")}
          tick={{ fill: "var(--color-muted-foreground)", fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          interval="preserveStartEnd"
        />
        <YAxis
          tickFormatter={(euros: number) => `${compact.format(euros)} €`}
          tick={{ fill: "var(--color-muted-foreground)", fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          width={56}
          allowDecimals={false}
        />
        <Tooltip
          cursor={{ fill: "var(--color-muted)", opacity: 0.6 }}
          labelFormatter={(month) => monthLong.format(monthDate(String(month)))}
          formatter={(value, name) => [formatMoney(Math.round(Number(value) * 100)), name]}
          contentStyle={{
            background: "var(--color-surface)",
            border: "1px solid var(--color-border)",
            borderRadius: 8,
            color: "var(--color-foreground)",
            fontSize: 13,
          }}
        />
        {/* The legend's words in the text colour: in the series' amber they read 2.15:1; the dot keeps it. */}
        <Legend
          iconType="circle"
          iconSize={8}
          wrapperStyle={{ fontSize: 13 }}
          formatter={(label) => <span style={{ color: "var(--color-foreground)" }}>{label}</span>}
        />
        <Bar
          dataKey="revenue"
          name="Encaissé"
          fill="var(--color-primary)"
          radius={[4, 4, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
        <Bar
          dataKey="expenses"
          name="Dépenses"
          fill="#f59e0b"
          radius={[4, 4, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
