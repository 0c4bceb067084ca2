import { z } from 'zod';

/** Laravel's length-aware paginator, the wire shape of every paged list (ARCHITECTURE "wire conventions"). */
export const paginationLinkSchema = z.object({
  url: z.string().nullable(),
  label: z.string(),
  active: z.boolean(),
});
export type PaginationLink = z.infer<typeof paginationLinkSchema>;

export function paginatedSchema<Row extends z.ZodType>(row: Row) {
  return z.object({
    data: z.array(row),
    links: z.array(paginationLinkSchema),
    total: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
  });
}

export interface Paginated<Row> {
  data: Row[];
  links: PaginationLink[];
  total: number;
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
}
