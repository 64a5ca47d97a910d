import autocannon from "autocannon";
import { oneDecimal, percentile } from "./stats";

// The invoice list endpoint under 50 concurrent connections for 10 seconds, on the bench account.

export type LoadFigures = { p50Ms: number; p95Ms: number; requests: number; non2xx: number; rps: number };

export async function measureInvoiceList(baseUrl: string, cookie: string): Promise<LoadFigures> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${baseUrl}/api/invoices?page=1&pageSize=20`,
        connections: 50,
        duration: 10,
        headers: { cookie, origin: baseUrl },
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    p50Ms: oneDecimal(percentile(latencies, 50)),
    p95Ms: oneDecimal(percentile(latencies, 95)),
    requests: result.requests.total,
    non2xx: result.non2xx,
    rps: Math.round(result.requests.average),
  };
}
