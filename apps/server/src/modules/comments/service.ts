import { ARTICLE_NOT_FOUND, COMMENT_MAX_DEPTH, COMMENT_MESSAGES, type Comment, type CreateCommentBody } from '@chapar/shared/contracts';
import { hasVisibleText, stripBidiControls } from '@chapar/shared/text';
import type { Db } from '@chapar/db';
import { AppError, badRequest, notFound, secondsUntilBudgetsAllow, secondsUntilLeaves } from '../../errors.ts';
import { CAPTCHA_MIN_FILL_MS, checkCaptcha, type UsedCaptchas } from './captcha.ts';
import { commentRepo, type CommentRow } from './repo.ts';

/** One comment per visitor in this window. */
export const COMMENT_INTERVAL_MS = 15_000;
/**
 * What one address may send, whatever visitor ids it gives (they are the client's to choose):
 * enough for a household commenting together, not for a script.
 */
export const ADDRESS_BUDGETS = [
  { windowMs: 60_000, max: 4 },
  { windowMs: 3_600_000, max: 20 },
] as const;
const ADDRESS_FLOODED = 'از این نشانی در مدت کوتاهی نظرهای زیادی فرستاده شده است؛ لطفاً کمی بعد دوباره تلاش کنید';

const CAPTCHA_REFUSED = { wrong: COMMENT_MESSAGES.captchaWrong, expired: COMMENT_MESSAGES.captchaExpired, malformed: COMMENT_MESSAGES.captchaInvalid } as const;

/** A captcha the visitor must answer again; the route attaches a fresh challenge. */
export class CaptchaRejected extends Error {
  readonly code = 'captcha_invalid';
}

export interface CommentDeps {
  db: Db;
  secret: string;
  usedCaptchas: UsedCaptchas;
}

export interface SubmitCommentInput extends CreateCommentBody {
  articleId: number;
  visitorKey: string;
  ipHash: string;
  now?: number;
}

// Control characters (except tab and newline) never belong in a comment, nor do the bidi
// controls (embeddings, overrides, isolates, LRM/RLM/ALM) that would turn the page around the
// name or text; ZWNJ stays, Persian writes it inside words. Everything else is stored as typed
// and escaped when rendered, so '<script>' stays visible text.
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const plainText = (text: string) => stripBidiControls(text).replace(/\r\n?/g, '\n').replace(CONTROL_RE, '').trim();
const oneLine = (text: string) => plainText(text).replace(/\s+/g, ' ');

export function toPublicComment(row: CommentRow): Comment {
  return {
    id: row.id,
    content: row.content,
    authorName: row.authorName,
    authorEmail: null,
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
    isApproved: row.isApproved,
    replies: [],
  };
}

/** Approved comments oldest first, replies nested; a reply whose parent is not shown is not shown. */
export async function listArticleComments(db: Db, articleId: number): Promise<{ comments: Comment[] }> {
  if (!(await commentRepo.publishedArticleExists(db, articleId))) throw notFound(ARTICLE_NOT_FOUND);
  const nodes = new Map<number, Comment>();
  const rows = await commentRepo.approvedForArticle(db, articleId);
  for (const row of rows) nodes.set(row.id, toPublicComment(row));
  const roots: Comment[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    if (row.parentId === null) roots.push(node);
    else nodes.get(row.parentId)?.replies.push(node);
  }
  return { comments: roots };
}

/** The depth a reply to `parentId` would have, after checking the parent may take one. */
async function replyDepth(db: Db, articleId: number, parentId: number | null): Promise<number> {
  if (parentId === null) return 0;
  const parent = await commentRepo.byId(db, parentId);
  if (!parent || !parent.isApproved) throw badRequest('نظری که به آن پاسخ می‌دهید یافت نشد');
  if (parent.articleId !== articleId) throw badRequest('نظری که به آن پاسخ می‌دهید متعلق به این مقاله نیست');
  if (parent.depth >= COMMENT_MAX_DEPTH) throw badRequest(COMMENT_MESSAGES.tooDeep);
  return parent.depth + 1;
}

/** Refuses with 429 once the address has used up a budget; waits until its oldest comment there leaves. */
async function checkAddressBudget(tx: Db, ipHash: string, now: number): Promise<void> {
  const used = await commentRepo.countByAddressSince(tx, ipHash, ADDRESS_BUDGETS.map((b) => new Date(now - b.windowMs)));
  const wait = secondsUntilBudgetsAllow(ADDRESS_BUDGETS, used, now);
  if (wait > 0) throw new AppError('rate_limited', ADDRESS_FLOODED, { 'retry-after': String(wait) });
}

/**
 * A visitor's comment: the server-issued captcha answered (each token once, not sooner than
 * 3 s after it was issued), the honeypot empty, at most three levels, one per 15 s per
 * visitor and a few a minute per address. Stored as plain text, waiting for moderation.
 */
export async function submitComment(deps: CommentDeps, input: SubmitCommentInput): Promise<Comment> {
  const { db } = deps;
  const now = input.now ?? Date.now();
  if (input.website && input.website.trim() !== '') throw badRequest(COMMENT_MESSAGES.rejected);
  const authorName = oneLine(input.authorName);
  const content = plainText(input.content);
  // A name or text of only invisible characters (zero-width spaces, bidi controls, a BOM) shows
  // as empty, so it is refused as an empty one is, before anything is stored or a captcha spent.
  if (!hasVisibleText(authorName) || !hasVisibleText(content)) throw new AppError('validation_error', COMMENT_MESSAGES.incomplete);
  if (!(await commentRepo.publishedArticleExists(db, input.articleId))) throw notFound(ARTICLE_NOT_FOUND);
  const depth = await replyDepth(db, input.articleId, input.parentId);

  const check = checkCaptcha(deps.secret, input.captchaToken, input.captchaAnswer, now);
  if (!check.ok) {
    // A wrong answer spends the token, so its answer cannot be found by trying them all.
    if (check.id) await deps.usedCaptchas.spend(check.id, now);
    throw new CaptchaRejected(CAPTCHA_REFUSED[check.reason]);
  }
  if (await deps.usedCaptchas.has(check.id)) throw new CaptchaRejected(COMMENT_MESSAGES.captchaExpired);
  if (now - check.issuedAt < CAPTCHA_MIN_FILL_MS) throw badRequest('ارسال بیش از حد سریع بود؛ چند ثانیه صبر کنید و دوباره بفرستید');

  const row = await db.transaction(async (tx) => {
    // The address first, then the visitor: every submission takes them in this order.
    await commentRepo.lockAddress(tx, input.ipHash);
    await commentRepo.lockVisitor(tx, input.visitorKey);
    await checkAddressBudget(tx, input.ipHash, now);
    const last = await commentRepo.latestByVisitorSince(tx, input.visitorKey, new Date(now - COMMENT_INTERVAL_MS));
    if (last) {
      const wait = secondsUntilLeaves(last.getTime(), COMMENT_INTERVAL_MS, now);
      throw new AppError('rate_limited', 'لطفاً کمی صبر کنید؛ هر ۱۵ ثانیه یک نظر می‌توانید بفرستید', { 'retry-after': String(wait) });
    }
    if (!(await deps.usedCaptchas.spend(check.id, now, tx))) throw new CaptchaRejected(COMMENT_MESSAGES.captchaExpired);
    return commentRepo.insert(tx, {
      articleId: input.articleId,
      parentId: input.parentId,
      depth,
      authorName,
      authorEmail: input.authorEmail,
      content,
      isApproved: false,
      visitorId: input.visitorKey,
      ipHash: input.ipHash,
      createdAt: new Date(now),
    });
  });
  return toPublicComment(row);
}
