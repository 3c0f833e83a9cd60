// `@chapar/db/seed`: categories and demo content for a fresh site.
export { seedCategories, seedDemoContent, type SeedDemoOptions, type SeedDemoResult } from './seed.ts';
export { DEMO_ARTICLES, type DemoArticle, type DemoCategory } from './demo-articles.ts';
export {
  renderDemoImage, DEMO_IMAGE_WIDTH, DEMO_IMAGE_HEIGHT, FONTS_DIR, type DemoImageInput,
} from './demo-images.ts';
export { seedRedirects, SPEC_REDIRECTS } from './redirects.ts';
