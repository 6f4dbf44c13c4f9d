/**
 * One page of a server list. The envelope carries the page's rows and, for a paged list, how many
 * there are in all; a list the server sends whole has no count, and then the rows are all there is.
 */
import { apiRequest, type RequestOptions } from './client';

export type Paged<Row> = { rows: Row[]; count: number };

export async function fetchPage<Row>(path: string, options: Pick<RequestOptions, 'query' | 'signal'>): Promise<Paged<Row>> {
  const answer = await apiRequest<Row[]>(path, options);
  return { rows: answer.data, count: answer.count ?? answer.data.length };
}
