// A failed call to the store, said in Persian: the operation reports, the posts' last error and
// the health page show it to the newsroom. A missing object is never one of these.
import { isDeadline, noAnswerWithin } from '../deadline.ts';
import { StorageUnavailableError } from './types.ts';

/** Latin text (a bucket's name, an error code) isolated so it reads right inside a Persian line. */
const isolate = (text: string) => `\u2068${text}\u2069`;

const DISK_ERRORS: Record<string, string> = {
  EROFS: 'دیسک رسانه فقط‌خواندنی است',
  EACCES: 'اجازهٔ نوشتن در پوشهٔ رسانه نیست',
  EPERM: 'اجازهٔ نوشتن در پوشهٔ رسانه نیست',
  ENOSPC: 'دیسک رسانه پر است',
  EDQUOT: 'سهمیهٔ دیسک رسانه پر است',
  EIO: 'دیسک رسانه خطای خواندن یا نوشتن داد',
};

/** A local disk's failure (an errno code such as EROFS) or its deadline passing. */
export function diskFailure(error: unknown, timeoutMs: number): StorageUnavailableError {
  if (error instanceof StorageUnavailableError) return error;
  if (isDeadline(error)) return new StorageUnavailableError(`دیسک رسانه ${noAnswerWithin(timeoutMs)}`, { cause: error });
  const code = (error as NodeJS.ErrnoException).code;
  const said = (code && DISK_ERRORS[code]) ?? 'خطای دیسک رسانه';
  return new StorageUnavailableError(`${said} (${isolate(code ?? (error as Error).message)})`, { cause: error });
}

/** A bucket's failure: refused, an error status, or no answer in time (ours or the SDK's request timeout). */
export function bucketFailure(error: unknown, bucket: string, timeoutMs: number, describe: (error: unknown) => string): StorageUnavailableError {
  if (error instanceof StorageUnavailableError) return error;
  if (isDeadline(error) || (error as { name?: string }).name === 'TimeoutError') {
    return new StorageUnavailableError(`سطل ${isolate(bucket)} ${noAnswerWithin(timeoutMs)}`, { cause: error });
  }
  return new StorageUnavailableError(`سطل ${isolate(bucket)} پاسخ درستی نداد (${isolate(describe(error))})`, { cause: error });
}
