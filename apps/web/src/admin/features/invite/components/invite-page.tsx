import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '@chapar/shared/contracts';
import { formatJalaliDateTime } from '@chapar/shared/text';
import { Logo } from '../../../../components/logo.tsx';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { isApiError } from '../../../../lib/api-client.ts';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { adminButton } from '../../../components/styles.ts';
import { adminPaths } from '../../../paths.ts';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { tokenFromHash, useAcceptInvitation, useInvitation } from '../api.ts';

const MIN_PASSWORD = 10;

function Shell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-surface p-4">
      <div className="w-full max-w-sm rounded-2xl border border-border bg-card p-6 shadow-sm">
        <div className="mb-4 flex justify-center"><Logo /></div>
        {children}
      </div>
    </main>
  );
}

/** A link that cannot be used is not a dead end: signing in (an account may exist already) or the site. */
function WayOut() {
  return (
    <nav aria-label="راه‌های دیگر" className="mt-4 flex flex-wrap justify-center gap-2">
      <Link to={adminPaths.login()} className={adminButton.primary}>ورود به پنل مدیریت</Link>
      <a href="/" className={buttonStyles.secondary}>صفحه اصلی سایت</a>
    </nav>
  );
}

/** The invitation link's page: who it is for, then choosing a password (the link works once). */
export function InvitePage() {
  useAdminTitle('پذیرش دعوت');
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const ids = { pass: useId(), again: useId() };
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) return setError('رمز عبور باید دست‌کم ۱۰ نویسه باشد');
    if (password !== again) return setError('دو رمز عبور یکی نیستند');
    setError(null);
    accept.mutate({ token, password }, { onError: (e) => setError(isApiError(e) && e.serverMessage ? e.serverMessage : 'خطا در ارتباط با سرور') });
  };
  if (!token) return <Shell><ErrorState message="پیوند دعوت کامل نیست؛ آن را دوباره از پیام دعوت باز کنید" /><WayOut /></Shell>;
  if (invitation.isPending) return <Shell><LoadingState /></Shell>;
  if (invitation.isError) {
    const message = isApiError(invitation.error) && invitation.error.serverMessage ? invitation.error.serverMessage : 'خطا در ارتباط با سرور';
    return <Shell><ErrorState message={message} /><WayOut /></Shell>;
  }
  const { username, name, role, expiresAt } = invitation.data;
  if (accept.isSuccess) {
    return (
      <Shell>
        <h1 className="mb-2 text-center text-xl font-bold">رمز عبور شما ثبت شد</h1>
        <p className="mb-4 text-center text-sm text-muted">اکنون با نام کاربری <bdi>{username}</bdi> وارد شوید.</p>
        <Link to={adminPaths.login()} className={`${adminButton.primary} w-full`}>ورود به پنل مدیریت</Link>
      </Shell>
    );
  }
  return (
    <Shell>
      <h1 className="mb-2 text-center text-xl font-bold">به تحریریه خوش آمدید{name ? `، ${name}` : ''}</h1>
      <p className="mb-4 text-center text-sm text-muted">
        نام کاربری شما <bdi>{username}</bdi> با نقش {ROLE_LABELS[role]} است. این پیوند تا {formatJalaliDateTime(expiresAt)} کار می‌کند.
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <div>
          <label htmlFor={ids.pass} className="mb-1 block text-sm font-medium">رمز عبور تازه</label>
          <input id={ids.pass} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} dir="ltr" className={inputStyles} />
        </div>
        <div>
          <label htmlFor={ids.again} className="mb-1 block text-sm font-medium">تکرار رمز عبور</label>
          <input id={ids.again} type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} dir="ltr" className={inputStyles} />
        </div>
        {error && <p role="alert" className="rounded-lg bg-accent-soft px-3 py-2 text-sm text-accent dark:text-red-200">{error}</p>}
        <button type="submit" disabled={accept.isPending} className={`${adminButton.primary} w-full`}>ثبت رمز عبور</button>
      </form>
    </Shell>
  );
}
