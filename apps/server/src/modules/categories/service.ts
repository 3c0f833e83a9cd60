import type { Article, Category } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { normalizePersian } from '@chapar/shared/text';
import { listArticles } from '../articles/service.ts';
import { categoryRepo } from './repo.ts';

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await categoryRepo.all(db);
  return rows.map((c) => ({ id: c.id, name: c.nameFa, nameEn: c.name, slug: c.slug, description: c.description }));
}

/**
 * The English name stored on articles for a category of the site, given its English name,
 * slug or Persian name in any letter case; undefined when the database has no such category.
 */
export async function siteCategoryName(db: Db, value: string): Promise<string | undefined> {
  const key = normalizePersian(value);
  const rows = await categoryRepo.all(db);
  return rows.find((c) => [c.name, c.slug, c.nameFa].some((k) => normalizePersian(k) === key))?.name;
}

/** A category's newest articles. An unknown slug is simply empty, as the category page expects. */
export async function categoryArticles(db: Db, slug: string, limit: number, page = 1): Promise<Article[]> {
  return listArticles(db, { page, limit, category: slug });
}
