/** The company calls of the receivables tests: reads with a query, writes with a body, as a member of a company. */
import type { OrderKit } from './orders.kit';

export const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`;

export function companyCalls(kit: () => OrderKit) {
  return {
    get: <T>(path: string, query: Record<string, string | number> = {}, token = kit().an.access, company = kit().anKhang) =>
      kit().server.call<T>(withQuery(path, { company, ...query }), { token }),
    send: <T>(
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      body: Record<string, unknown>,
      token = kit().an.access,
      company = kit().anKhang,
    ) => kit().server.call<T>(path, { method, token, body: { company, ...body } }),
  };
}
