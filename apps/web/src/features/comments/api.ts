import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaptchaChallenge, Comment } from '@chapar/shared/contracts';
import { COMMENT_MESSAGES as SHARED_COMMENT_MESSAGES } from '@chapar/shared/text';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import { pathQuery } from '../../lib/query.ts';
import { getSessionId } from '../../lib/session-id.ts';

const SESSION_HEADER = 'x-session-id';
export const CAPTCHA_PATH = '/api/comments/captcha';
// The depth limit and the texts shared with the server's checks; the rest are the form's own.
export { COMMENT_MAX_DEPTH } from '@chapar/shared/text';

export const COMMENT_MESSAGES = {
  ...SHARED_COMMENT_MESSAGES,
  incompleteTitle: 'اطلاعات ناقص',
  sentTitle: 'نظر ارسال شد',
  failedTitle: 'خطا در ارسال نظر',
  failed: 'متأسفانه ارسال نظر با مشکل مواجه شد',
} as const;

export const commentsPath = (articleId: number) => `/api/articles/${articleId}/comments`;

/** GET /api/articles/{id}/comments: approved comments, replies nested. */
export const commentsQuery = (articleId: number) => pathQuery<{ comments: Comment[] }>(commentsPath(articleId));

export const useComments = (articleId: number) => useQuery(commentsQuery(articleId));

/** A fresh server captcha each time the form opens; never cached between forms. */
export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: [CAPTCHA_PATH],
    queryFn: () => apiRequest<CaptchaChallenge>('GET', CAPTCHA_PATH),
    enabled,
    staleTime: 9 * 60_000,
    gcTime: 0,
  });
}

export interface NewComment {
  authorName: string;
  authorEmail: string;
  content: string;
  captchaAnswer: string;
  captchaToken: string;
  parentId: number | null;
  /** The honeypot, as the hidden field holds it (empty for people). */
  website: string;
}

/** The fresh challenge a rejected captcha answer comes back with (400 captcha_invalid). */
export function captchaFromError(error: unknown): CaptchaChallenge | null {
  if (!isApiError(error, 400)) return null;
  try {
    const body = JSON.parse(error.body) as { error?: string; captcha?: CaptchaChallenge };
    return body.error === 'captcha_invalid' && body.captcha ? body.captcha : null;
  } catch {
    return null;
  }
}

export function usePostComment(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: NewComment) =>
      apiRequest<{ success: true; message: string; comment: Comment }>('POST', commentsPath(articleId), {
        body: { ...comment, authorEmail: comment.authorEmail.trim() || null },
        headers: { [SESSION_HEADER]: getSessionId() },
      }),
    // A challenge is spent by a wrong answer (the error brings the next one) and by a
    // posted comment; other refusals (too fast, rate limit) leave it usable.
    onSuccess: () => client.removeQueries({ queryKey: [CAPTCHA_PATH] }),
    onError: (error) => {
      const fresh = captchaFromError(error);
      if (fresh) client.setQueryData([CAPTCHA_PATH], fresh);
    },
  });
}
