import { useId, useState, type FormEvent } from 'react';
import { ROLE_LABELS, isRole, newPasswordField } from '@chapar/shared/contracts';
import { inputStyles } from '../../../../components/ui/button-styles.ts';
import { SessionsTable } from '../../../components/sessions-table.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { adminButton } from '../../../components/styles.ts';
import { refusal } from '../../../lib/refusal.ts';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { useAccount, useChangePassword, useEndMySession, useEndOtherSessions, useMySessions } from '../api.ts';
import { TwoFactorSection } from './two-factor-section.tsx';

function PasswordSection() {
  const ids = { current: useId(), next: useId(), nextError: useId() };
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useChangePassword(() => { setCurrent(''); setNext(''); });
  // The server's own rule and sentence (the contract's field), shown before anything is sent.
  const nextError = next ? refusal(newPasswordField, next) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nextError) return;
    change.mutate({ currentPassword: current, newPassword: next });
  };
  return (
    <section aria-labelledby="password-heading" className="space-y-3 rounded-xl border border-border bg-card p-4">
      <h2 id="password-heading" className="font-bold">تغییر رمز عبور</h2>
      <p className="text-sm text-muted">با تغییر رمز عبور، همهٔ نشست‌های دیگر شما پایان می‌یابد.</p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.current} className="text-sm font-medium">رمز عبور کنونی</label>
          <input id={ids.current} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} dir="ltr" className={inputStyles} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.next} className="text-sm font-medium">رمز عبور تازه (دست‌کم ۱۰ نویسه)</label>
          <input
            id={ids.next} type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} dir="ltr" className={inputStyles}
            aria-invalid={nextError ? true : undefined} aria-describedby={nextError ? ids.nextError : undefined}
          />
          {nextError && <p id={ids.nextError} className="text-xs text-accent">{nextError}</p>}
        </div>
        <div><button type="submit" className={adminButton.primary} disabled={change.isPending || !current || !next || Boolean(nextError)}>تغییر رمز عبور</button></div>
      </form>
    </section>
  );
}

/** One's own account: role, two-factor sign-in, password and the sessions signed in. */
export function AccountPage() {
  useAdminTitle('حساب من');
  const account = useAccount();
  const sessions = useMySessions();
  const end = useEndMySession();
  const endOthers = useEndOtherSessions();
  if (account.isPending) return <LoadingState />;
  if (account.isError) return <ErrorState message="خطا در بارگذاری حساب" onRetry={() => void account.refetch()} />;
  const { user } = account.data;
  const others = (sessions.data?.sessions ?? []).filter((s) => !s.current).length;
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold">حساب من</h1>
        <p className="mt-1 text-sm text-muted">
          <bdi>{user.username}</bdi>{user.name ? ` (${user.name})` : ''}، نقش {isRole(user.role) ? ROLE_LABELS[user.role] : user.role}
        </p>
      </div>
      <TwoFactorSection info={account.data} />
      <PasswordSection />
      <section aria-labelledby="my-sessions-heading" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="my-sessions-heading" className="text-lg font-bold">نشست‌های من</h2>
          {others > 0 && <button type="button" className={adminButton.secondary} disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>پایان همهٔ نشست‌های دیگر</button>}
        </div>
        {sessions.data && <SessionsTable sessions={sessions.data.sessions} onEnd={(s) => end.mutate(s.id)} ending={end.isPending} caption="نشست‌های باز من" />}
      </section>
    </div>
  );
}
