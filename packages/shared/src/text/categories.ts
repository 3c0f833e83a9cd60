// The category set of spec 01 §2/§3: slugs, English names (stored on articles),
// Persian display names and descriptions for category pages.
import { normalizePersian } from './normalize.ts';

export const CATEGORY_SLUGS = [
  'politics', 'economy', 'technology', 'health', 'culture', 'sports', 'international', 'education',
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export interface CategoryInfo {
  slug: CategorySlug;
  /** English name as stored on articles, e.g. 'Politics'. */
  name: string;
  /** Persian display name. */
  nameFa: string;
  /** One Persian sentence for the category page. */
  description: string;
}

export const CATEGORIES: readonly CategoryInfo[] = [
  { slug: 'politics', name: 'Politics', nameFa: 'سیاست', description: 'تازه‌ترین اخبار سیاسی ایران و جهان، از دولت و مجلس تا احزاب و انتخابات.' },
  { slug: 'economy', name: 'Economy', nameFa: 'اقتصاد', description: 'اخبار اقتصادی، بازار ارز و طلا، بورس، تورم و معیشت مردم.' },
  { slug: 'technology', name: 'Technology', nameFa: 'فناوری', description: 'اخبار فناوری، اینترنت، استارتاپ‌ها، گوشی‌های هوشمند و هوش مصنوعی.' },
  { slug: 'health', name: 'Health', nameFa: 'سلامت', description: 'اخبار سلامت، پزشکی، بهداشت عمومی و سبک زندگی سالم.' },
  { slug: 'culture', name: 'Culture', nameFa: 'فرهنگ', description: 'اخبار فرهنگ و هنر، سینما، موسیقی، کتاب و میراث فرهنگی.' },
  { slug: 'sports', name: 'Sports', nameFa: 'ورزش', description: 'اخبار ورزشی، فوتبال، لیگ برتر، تیم‌های ملی و رقابت‌های جهانی.' },
  { slug: 'international', name: 'International', nameFa: 'بین‌الملل', description: 'اخبار بین‌الملل، تحولات منطقه و رویدادهای مهم جهان.' },
  { slug: 'education', name: 'Education', nameFa: 'آموزش', description: 'اخبار آموزش، مدارس، دانشگاه‌ها، کنکور و پژوهش.' },
];

/**
 * Where each category sorts when categories are ordered by their Persian names (the admin
 * table): Persian alphabetical order, 1 first. The database stores the same ranks in the
 * generated column articles.category_sort (migration 0019); a category not listed sorts after
 * these, by its stored name.
 */
export const CATEGORY_SORT_RANKS: Readonly<Record<CategorySlug, number>> = {
  education: 1, economy: 2, international: 3, health: 4, politics: 5, culture: 6, technology: 7, sports: 8,
};
export const OTHER_CATEGORY_RANK = 100;

/** The admin category lists show only the first six (spec 01 §2). */
export const ADMIN_CATEGORY_SLUGS = CATEGORY_SLUGS.slice(0, 6) as readonly CategorySlug[];

/** Label for an article without a known category. */
export const DEFAULT_CATEGORY_FA = 'عمومی';

// Lookup keys: slug, English name and Persian name, all normalised, so 'POLITICS',
// 'Politics' and 'سياست' (Arabic yeh) all find the same category.
const BY_KEY = new Map<string, CategoryInfo>();
for (const c of CATEGORIES) {
  for (const key of [c.slug, c.name, c.nameFa]) BY_KEY.set(normalizePersian(key), c);
}

// The keys as they are written (what the API and the pages pass almost always), to the same
// categories: normalising every card's category on each page render took a hundredth of it.
const BY_EXACT_KEY = new Map<string, CategoryInfo | undefined>();
for (const c of CATEGORIES) {
  for (const key of [c.slug, c.name, c.nameFa]) BY_EXACT_KEY.set(key, BY_KEY.get(normalizePersian(key)));
}

/** The category for a slug, English name or Persian name (any case), if known. */
export function findCategory(value: string | null | undefined): CategoryInfo | undefined {
  if (!value) return undefined;
  return BY_EXACT_KEY.has(value) ? BY_EXACT_KEY.get(value) : BY_KEY.get(normalizePersian(value));
}

/** Persian display name; 'عمومی' when the category is missing or unknown. */
export function categoryFaName(categoryOrSlug: string | null | undefined): string {
  return findCategory(categoryOrSlug)?.nameFa ?? DEFAULT_CATEGORY_FA;
}

/** Slug for /category/{slug}: the known slug, else the value lower-cased (spec 01). */
export function categorySlug(category: string): string {
  return findCategory(category)?.slug ?? category.trim().toLowerCase();
}
