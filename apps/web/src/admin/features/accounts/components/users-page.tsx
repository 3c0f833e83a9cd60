import { useState } from 'react';
import { Ban, CheckCircle2, Link2, Plus, Trash2 } from 'lucide-react';
import { ROLE_LABELS, ROLES, type InvitationInfo, type Role, type StaffUser } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa, ltr } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { useAdminStatus } from '../../../../features/auth/api.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { Checkbox, Select } from '../../../components/fields.tsx';
import { SessionsTable } from '../../../components/sessions-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { adminButton } from '../../../components/styles.ts';
import { useAdminTitle } from '../../../use-admin-title.ts';
import {
  ACCOUNTS_TEXTS, useAllSessions, useDeleteStaff, useEndAnySession, useReinvite, useSecuritySettings, useSetSecurity, useStaff, useUpdateStaff,
} from '../api.ts';
import { CreateUserDialog } from './create-user-dialog.tsx';
import { InvitationLink } from './invitation-link.tsx';

const small = cn(buttonStyles.secondary, 'px-2.5 py-1 text-xs');
const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const STATUS: Record<StaffUser['status'], { text: string; tone: string }> = {
  active: { text: 'فعال', tone: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' },
  invited: { text: 'دعوت‌شده', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  disabled: { text: 'غیرفعال', tone: 'bg-surface text-muted' },
};

function SecurityCard() {
  const settings = useSecuritySettings();
  const set = useSetSecurity();
  if (!settings.data) return null;
  return (
    <section aria-labelledby="security-heading" className="space-y-2 rounded-xl border border-border bg-card p-4">
      <h2 id="security-heading" className="font-bold">قواعد امنیتی</h2>
      <Checkbox
        checked={settings.data.requireOwnerTwoFactor}
        onCheckedChange={(on) => set.mutate({ requireOwnerTwoFactor: on === true })}
        label="ورود دومرحله‌ای برای مالکان الزامی باشد"
      >
        ورود دومرحله‌ای برای همهٔ مالکان الزامی باشد
      </Checkbox>
      <p className="text-xs text-muted">
        {settings.data.mailConfigured ? 'دعوت‌نامه‌ها ایمیل می‌شوند.' : 'سرویس ایمیل پیکربندی نشده است؛ دعوت‌نامه پیوندی است که خودتان می‌دهید.'}
        {' '}گزارش کارها {formatNumberFa(settings.data.auditRetentionDays)} روز نگه داشته می‌شود.
      </p>
    </section>
  );
}

/** The owner's accounts screen: staff, their roles and state, invitations, everyone's sessions. */
export function UsersPage() {
  useAdminTitle('حساب‌ها');
  const me = useAdminStatus().data?.username;
  const staff = useStaff();
  const sessions = useAllSessions();
  const update = useUpdateStaff();
  const remove = useDeleteStaff();
  const endSession = useEndAnySession();
  const security = useSecuritySettings();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<StaffUser | null>(null);
  const [issued, setIssued] = useState<{ user: StaffUser; invitation: InvitationInfo } | null>(null);
  const reinvite = useReinvite(setIssued);
  const users = staff.data?.users ?? [];
  return (
    <section aria-labelledby="users-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="users-heading" className="text-2xl font-bold">حساب‌های تحریریه</h1>
        <button type="button" className={adminButton.primary} onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="size-4" />
          حساب تازه
        </button>
      </div>
      {issued && <InvitationLink invitation={issued.invitation} username={issued.user.username} />}
      {staff.isPending ? <LoadingState label="در حال بارگذاری حساب‌ها…" />
        : staff.isError ? <ErrorState message={ACCOUNTS_TEXTS.loadFailed} onRetry={() => void staff.refetch()} />
        : users.length === 0 ? <EmptyState>هیچ حسابی نیست</EmptyState>
        : (
          <div className="overflow-x-auto rounded-xl border border-border bg-card">
            <table className="admin-cards w-full text-sm">
              <caption className="sr-only">حساب‌ها</caption>
              <thead className="bg-surface">
                <tr>{['حساب', 'نقش', 'وضعیت', 'آخرین ورود', 'عملیات'].map((h) => <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted">{h}</th>)}</tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <tr key={user.id} data-user={user.username} className="border-t border-border align-top">
                    <td data-label="حساب" className="px-3 py-2">
                      <div>
                        <bdi className="font-medium">{user.username}</bdi>
                        {user.name && <span className="ms-2 text-muted">{user.name}</span>}
                        {user.email && <div className="text-xs text-muted"><bdi dir="ltr">{user.email}</bdi></div>}
                      </div>
                    </td>
                    <td data-label="نقش" className="px-3 py-2">
                      <Select<Role> label={`نقش ${ltr(user.username)}`} showLabel={false} value={user.role} options={ROLE_OPTIONS} onChange={(role) => update.mutate({ id: user.id, role })} />
                    </td>
                    <td data-label="وضعیت" className="px-3 py-2">
                      <span className="flex flex-wrap gap-1">
                        <span className={cn('whitespace-nowrap rounded-full px-2 py-0.5 text-xs', STATUS[user.status].tone)}>{STATUS[user.status].text}</span>
                        {user.twoFactor && <span className="whitespace-nowrap rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-900 dark:bg-blue-950 dark:text-blue-200">دومرحله‌ای</span>}
                      </span>
                    </td>
                    <td data-label="آخرین ورود" className="whitespace-nowrap px-3 py-2">{user.lastLoginAt ? formatJalaliDateTime(user.lastLoginAt) : 'هرگز'}</td>
                    <td data-label="عملیات" className="px-3 py-2">
                      {user.username !== me && (
                        <div className="flex flex-wrap gap-1">
                          {user.status === 'invited' && (
                            <button type="button" className={small} disabled={reinvite.isPending} onClick={() => reinvite.mutate(user.id)} aria-label={`پیوند دعوت تازه برای ${user.username}`}>
                              <Link2 aria-hidden="true" className="size-3.5" />
                              پیوند تازه
                            </button>
                          )}
                          <button type="button" className={small} disabled={update.isPending} onClick={() => update.mutate({ id: user.id, disabled: user.status !== 'disabled' })}
                            aria-label={user.status === 'disabled' ? `فعال کردن ${user.username}` : `غیرفعال کردن ${user.username}`}>
                            {user.status === 'disabled' ? <CheckCircle2 aria-hidden="true" className="size-3.5" /> : <Ban aria-hidden="true" className="size-3.5" />}
                            {user.status === 'disabled' ? 'فعال کردن' : 'غیرفعال کردن'}
                          </button>
                          <button type="button" className={small} onClick={() => setDeleting(user)} aria-label={`حذف حساب ${user.username}`}>
                            <Trash2 aria-hidden="true" className="size-3.5" />
                            حذف
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      <SecurityCard />
      <section aria-labelledby="all-sessions-heading" className="space-y-2">
        <h2 id="all-sessions-heading" className="text-lg font-bold">نشست‌های باز همه</h2>
        {sessions.data && <SessionsTable sessions={sessions.data.sessions} showUser onEnd={(s) => endSession.mutate(s.id)} ending={endSession.isPending} caption="نشست‌های باز همهٔ حساب‌ها" />}
      </section>
      <CreateUserDialog open={creating} onOpenChange={setCreating} mailConfigured={security.data?.mailConfigured ?? false} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => { if (!open) setDeleting(null); }}
        title="حذف حساب"
        description={deleting ? <>حساب <bdi>{deleting.username}</bdi> و همهٔ نشست‌هایش حذف می‌شود؛ گزارش کارهایش می‌ماند. ادامه می‌دهید؟</> : ''}
        confirmLabel="حذف"
        destructive
        onConfirm={() => { if (deleting) remove.mutate(deleting.id); setDeleting(null); }}
      />
    </section>
  );
}
