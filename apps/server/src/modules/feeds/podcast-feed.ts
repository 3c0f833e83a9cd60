// The podcast feed the directories accept (Apple Podcasts, Spotify): RSS 2.0 with the itunes
// tags they require on the channel (image, category, explicit, author, owner, type, language)
// and on each episode (enclosure with its exact size, a GUID that never changes, duration,
// episode type), and the podcast namespace's guid and locked (podcastindex.org/namespace/1.0).
// Episodes are the published articles that have their audio version.
import { createHash } from 'node:crypto';
import { CATEGORIES, feedPaths, ltr, type CategoryInfo } from '@chapar/shared/text';
import type { Db } from '@chapar/db';
import { notFound } from '../../errors.ts';
import type { Storage } from '../../integrations/storage/index.ts';
import { feedRepo } from './repo.ts';
import { absoluteUrl, articleUrl, type FeedSite } from './service.ts';
import { XML_DECLARATION, el, empty } from './xml.ts';

export const PODCAST_EPISODES = 100;

export interface PodcastSite extends FeedSite {
  /** itunes:owner's address: the directories write to it to confirm who owns the show. */
  ownerEmail?: string;
}

/** The server log's line when the feed has no owner address (PODCAST_OWNER_EMAIL, else MAIL_FROM). */
export const PODCAST_OWNER_MISSING_LOG = 'Neither PODCAST_OWNER_EMAIL nor MAIL_FROM is set: /podcast.xml has no itunes:email, so Apple Podcasts cannot verify who owns the show';

/** The same for the admin's health page, the setting names and the feed's address isolated. */
export const PODCAST_OWNER_MISSING = `نشانی ایمیل مالک پادکست تنظیم نشده است (${ltr('PODCAST_OWNER_EMAIL')} یا ${ltr('MAIL_FROM')})؛ `
  + `فید ${ltr(feedPaths.podcast())} برچسب ${ltr('itunes:email')} ندارد و «اپل پادکست» نمی‌تواند مالکیت برنامه را تأیید کند`;

/** Apple's category of each section (Apple's own list: News and its subcategories). */
const ITUNES_SUBCATEGORY: Record<string, string> = {
  Politics: 'Politics', Economy: 'Business News', Technology: 'Tech News', Sports: 'Sports News', Culture: 'Entertainment News',
};

/** The show's name and what its cover says. */
export function podcastTitles(siteName: string, category?: CategoryInfo) {
  return category
    ? { title: `${siteName} — پادکست ${category.nameFa}`, coverTitle: siteName, coverSubtitle: `پادکست خبرهای ${category.nameFa}` }
    : { title: `${siteName} — پادکست خبر`, coverTitle: siteName, coverSubtitle: 'پادکست خبرهای ایران و جهان' };
}

/** The podcast namespace's own UUID: the namespace of every show's podcast:guid. */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/**
 * A show's podcast:guid: the UUIDv5 (RFC 9562 §5.5) of its feed address without the scheme and
 * trailing slashes, so apps know the show again if the feed ever moves.
 */
export function podcastGuid(feedUrl: string): string {
  const name = feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, '');
  const hash = createHash('sha1').update(Buffer.from(PODCAST_GUID_NAMESPACE.replace(/-/g, ''), 'hex')).update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Episode = Awaited<ReturnType<typeof feedRepo.withPodcasts>>[number];

/**
 * The MP3's exact size: the one measured when it was made, else asked of the storage (podcasts
 * made before the size was kept). Null when the file is not there: no episode for it.
 */
async function enclosureLength(storage: Storage, episode: Episode): Promise<number | null> {
  if (episode.podcastBytes) return episode.podcastBytes;
  const key = storage.keyFromUrl(episode.podcastUrl!);
  return key ? storage.size(key).catch(() => null) : null;
}

function episodeXml(site: PodcastSite, a: Episode, length: number): string {
  const audio = absoluteUrl(site, a.podcastUrl!);
  return [
    '<item>',
    el('title', a.title),
    el('link', articleUrl(site, a)),
    el('description', a.excerpt || a.metaDescription || a.title),
    // The article's id names the episode: a podcast made again (a changed text, a new voice,
    // a new address) stays the same episode in every app that has it.
    el('guid', `chapar-podcast-${a.id}`, { isPermaLink: 'false' }),
    el('pubDate', a.publishedAt.toUTCString()),
    audio ? empty('enclosure', { url: audio, length, type: 'audio/mpeg' }) : '',
    // Whole seconds, measured by ffprobe when the podcast was made.
    a.podcastDuration ? el('itunes:duration', a.podcastDuration) : '',
    el('itunes:episodeType', 'full'),
    el('itunes:explicit', 'false'),
    '</item>',
  ].join('');
}

async function podcastXml(db: Db, storage: Storage, site: PodcastSite, category?: CategoryInfo): Promise<string> {
  const rows = await feedRepo.withPodcasts(db, { limit: PODCAST_EPISODES, category: category?.name });
  const lengths = await Promise.all(rows.map((a) => enclosureLength(storage, a)));
  const episodes = rows.flatMap((a, i) => (lengths[i] ? [episodeXml(site, a, lengths[i])] : []));
  const { title } = podcastTitles(site.siteName, category);
  const link = absoluteUrl(site, category ? `/category/${category.slug}` : '/');
  const cover = absoluteUrl(site, category ? feedPaths.podcastCategoryCover(category.slug) : feedPaths.podcastCover()) ?? '';
  const self = absoluteUrl(site, category ? feedPaths.podcastCategory(category.slug) : feedPaths.podcast()) ?? '';
  const description = category
    ? `خبرهای ${category.nameFa} ${site.siteName} با صدای خوانا: ${category.description}`
    : `خبرهای ${site.siteName} با صدای خوانا: تازه‌ترین خبرهای ایران و جهان، هر خبر در چند دقیقه.`;
  const subcategory = (category && ITUNES_SUBCATEGORY[category.name]) ?? 'Daily News';
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>',
    el('title', title),
    el('link', link),
    el('description', description),
    el('language', 'fa'),
    el('copyright', `© ${site.siteName}`),
    // The newest episode's date; a show without episodes has none (the tag is optional), so its
    // body and ETag do not change with the clock and a kept tag still answers 304.
    el('lastBuildDate', rows[0]?.publishedAt.toUTCString()),
    empty('atom:link', { href: self, rel: 'self', type: 'application/rss+xml' }),
    `<image>${el('url', cover)}${el('title', title)}${el('link', link)}</image>`,
    empty('itunes:image', { href: cover }),
    el('itunes:author', site.siteName),
    `<itunes:owner>${el('itunes:name', site.siteName)}${site.ownerEmail ? el('itunes:email', site.ownerEmail) : ''}</itunes:owner>`,
    `<itunes:category text="News">${empty('itunes:category', { text: subcategory })}</itunes:category>`,
    el('itunes:explicit', 'false'),
    el('itunes:type', 'episodic'),
    el('podcast:guid', podcastGuid(self)),
    // Another host may not take the show over; the owner's address is whom a directory asks.
    el('podcast:locked', 'yes', site.ownerEmail ? { owner: site.ownerEmail } : {}),
    ...episodes,
    '</channel></rss>',
  ].join('\n');
}

/** /podcast.xml: every article's audio version, newest first. */
export function sitePodcast(db: Db, storage: Storage, site: PodcastSite): Promise<string> {
  return podcastXml(db, storage, site);
}

/** The category of a slug, or 404 (the same answer as /rss/{slug}.xml). */
export function podcastCategory(slug: string): CategoryInfo {
  const category = CATEGORIES.find((c) => c.slug === slug.toLowerCase());
  if (!category) throw notFound('دسته‌بندی مورد نظر یافت نشد');
  return category;
}

/** /podcast/{slug}.xml: one category's episodes. */
export function categoryPodcast(db: Db, storage: Storage, site: PodcastSite, slug: string): Promise<string> {
  return podcastXml(db, storage, site, podcastCategory(slug));
}
