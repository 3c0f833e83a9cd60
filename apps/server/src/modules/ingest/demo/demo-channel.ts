// Writes the demo channel to disk as Telegram's public preview would serve it: pages of
// 20 posts (page.html the newest, page-before-{id}.html the older ones) and the pictures
// in media/, drawn locally. The directory source reads it back through the real parser.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderDemoImage } from '@chapar/db/seed';
import { runPool } from '../run-pool.ts';
import { DEMO_CHANNEL, demoImageName, demoPostHtml, planDemoPosts, type DemoPost } from './demo-posts.ts';

export const DEMO_PAGE_SIZE = 20;

function photoMarkup(post: DemoPost): string {
  if (post.imageCount === 1) {
    return `<a class="tgme_widget_message_photo_wrap" href="https://t.me/${DEMO_CHANNEL}/${post.messageId}" style="width:800px;background-image:url('media/${demoImageName(post.messageId, 0)}')"><div class="tgme_widget_message_photo" style="padding-top:56.25%"></div></a>`;
  }
  const items = Array.from({ length: post.imageCount }, (_, n) =>
    `<a class="tgme_widget_message_photo_wrap grouped_media_wrap js-message_photo" style="width:400px;background-image:url('media/${demoImageName(post.messageId, n)}')" data-ratio="1.7777777777778" href="https://t.me/${DEMO_CHANNEL}/${post.messageId + n}?single"><div class="tgme_widget_message_photo grouped_media"></div></a>`).join('');
  return `<div class="tgme_widget_message_grouped_wrap js-message_grouped_wrap" style="width:800px;"><div class="tgme_widget_message_grouped js-message_grouped"><div class="tgme_widget_message_grouped_layer js-message_grouped_layer">${items}</div></div></div>`;
}

function messageMarkup(post: DemoPost): string {
  const views = post.article.views >= 1000 ? `${(post.article.views / 1000).toFixed(1)}K` : String(post.article.views);
  return `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message js-widget_message" data-post="${DEMO_CHANNEL}/${post.messageId}">
<div class="tgme_widget_message_bubble">${photoMarkup(post)}
<div class="tgme_widget_message_text js-message_text" dir="auto">${demoPostHtml(post.article)}</div>
<div class="tgme_widget_message_footer compact js-message_footer"><div class="tgme_widget_message_info short js-message_info"><span class="tgme_widget_message_views">${views}</span><span class="tgme_widget_message_meta"><a class="tgme_widget_message_date" href="https://t.me/${DEMO_CHANNEL}/${post.messageId}"><time datetime="${post.date.toISOString()}" class="time"></time></a></span></div></div>
</div></div></div>`;
}

function pageMarkup(posts: DemoPost[], olderCursor: number | undefined): string {
  const more = olderCursor ? `<div class="tgme_widget_message_centered js-messages_more_wrap"><a href="/s/${DEMO_CHANNEL}?before=${olderCursor}" class="tme_messages_more js-messages_more" data-before="${olderCursor}"></a></div>` : '';
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>چاپار – Telegram</title></head><body><main class="tgme_main"><section class="tgme_channel_history js-message_history">${more}
${posts.map(messageMarkup).join('\n')}
</section></main></body></html>`;
}

/** Builds the channel under dir/chapar_demo and returns its posts, oldest first. */
export async function buildDemoChannel(dir: string, now: Date): Promise<DemoPost[]> {
  const posts = planDemoPosts(now);
  const channelDir = path.join(dir, DEMO_CHANNEL);
  await mkdir(path.join(channelDir, 'media'), { recursive: true });
  const images = posts.flatMap((post, i) => Array.from({ length: post.imageCount }, (_, n) => ({ post, i, n })));
  // sharp works on libuv's four threads: more at once would only queue.
  await runPool(images, 4, async ({ post, i, n }) => {
    const title = n ? `${post.article.title} ${n}` : post.article.title;
    const image = await renderDemoImage({ title, category: post.article.category, index: i * 10 + n, brand: false });
    await writeFile(path.join(channelDir, 'media', demoImageName(post.messageId, n)), image);
  });
  for (let end = posts.length; end > 0; end -= DEMO_PAGE_SIZE) {
    const start = Math.max(0, end - DEMO_PAGE_SIZE);
    const page = posts.slice(start, end);
    const file = end === posts.length ? 'page.html' : `page-before-${posts[end].messageId}.html`;
    await writeFile(path.join(channelDir, file), pageMarkup(page, start > 0 ? page[0].messageId : undefined));
  }
  return posts;
}
