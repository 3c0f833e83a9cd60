import { z } from 'zod';

/** name is the Persian display name; nameEn is the value stored on articles. */
export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  slug: z.string(),
  description: z.string(),
});
export type Category = z.infer<typeof category>;
export const categoryList = z.array(category);
