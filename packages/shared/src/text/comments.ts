// Comment rules of spec 02 §3–4 that the server checks and the form shows: limits and texts.

/** Three levels: depth 0, 1 and 2; a depth-2 comment takes no replies. */
export const COMMENT_MAX_DEPTH = 2;
export const COMMENT_NAME_MAX = 80;
export const COMMENT_CONTENT_MAX = 2000;
export const COMMENT_MESSAGES = {
  incomplete: 'لطفاً نام و متن نظر را وارد کنید',
  nameTooLong: 'نام حداکثر ۸۰ نویسه است',
  contentTooLong: 'متن نظر حداکثر ۲۰۰۰ نویسه است',
  emailInvalid: 'لطفاً یک ایمیل معتبر وارد کنید',
  captchaRequired: 'کد امنیتی الزامی است',
  captchaWrong: 'کد امنیتی اشتباه است',
  captchaExpired: 'کد امنیتی منقضی شده است؛ کد تازه را وارد کنید',
  /** A token the server did not issue (cut short, altered): the form gets a fresh one. */
  captchaInvalid: 'کد امنیتی معتبر نیست؛ کد تازه را وارد کنید',
  /** The hidden field filled in: only a script does that. */
  rejected: 'ارسال نظر پذیرفته نشد',
  tooDeep: 'حداکثر ۳ سطح پاسخ مجاز است',
  pending: 'نظر شما پس از بررسی منتشر خواهد شد',
} as const;
