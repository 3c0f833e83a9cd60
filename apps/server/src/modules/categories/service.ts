import type { Article, Category } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { listArticles } from '../articles/service.ts';
import { categoryRepo } from './repo.ts';

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await categoryRepo.all(db);
  return rows.map((c) => ({ id: c.id, name: c.nameFa, nameEn: c.name, slug: c.slug, description: c.description }));
}

/** A category's newest articles. An unknown slug is simply empty, as the category page expects. */
export async function categoryArticles(db: Db, slug: string, limit: number, page = 1): Promise<Article[]> {
  return listArticles(db, { page, limit, category: slug });
}
