import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, STAFF_NAME_MAX, newPasswordField, staffEmailField, staffNameField, usernameField, type InvitationInfo, type Role, type StaffUser,
} from '@chapar/shared/contracts';
import { toPersianDigits } from '@chapar/shared/text';
import { inputStyles } from '../../../../components/ui/button-styles.ts';
import { AdminDialog } from '../../../components/dialogs.tsx';
import { Select } from '../../../components/fields.tsx';
import { adminButton } from '../../../components/styles.ts';
import { refusal } from '../../../lib/refusal.ts';
import { useCreateStaff } from '../api.ts';
import { InvitationLink } from './invitation-link.tsx';

const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
/** Name and e-mail may be left empty; what is typed is checked with the contract's fields. */
const optional = (field: Parameters<typeof refusal>[0], value: string) => (value.trim() ? refusal(field, value.trim()) : undefined);

/** A labelled field; `error` (shown once the form was sent) is tied to the input for screen readers. */
function Field({ label, children, hint, error }: {
  label: string; hint?: string; error?: string | undefined;
  children: (id: string, described: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {children(id, error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      {error ? <p id={errorId} className="text-xs text-accent">{error}</p> : hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}

/** A new staff account: with an invitation link (the person chooses the password) or a password set now. */
export function CreateUserDialog({ open, onOpenChange, mailConfigured }: { open: boolean; onOpenChange: (open: boolean) => void; mailConfigured: boolean }) {
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [method, setMethod] = useState<'invite' | 'password'>('invite');
  const [password, setPassword] = useState('');
  const [created, setCreated] = useState<{ user: StaffUser; invitation: InvitationInfo | null } | null>(null);
  /** Checks show after the first send, then follow each keystroke. */
  const [tried, setTried] = useState(false);
  const usernameError = tried ? refusal(usernameField, username) : undefined;
  const nameError = tried ? optional(staffNameField, name) : undefined;
  const emailError = tried ? optional(staffEmailField, email) : undefined;
  const passwordError = tried && method === 'password' ? refusal(newPasswordField, password) : undefined;
  const create = useCreateStaff((answer) => {
    if (answer.invitation) setCreated(answer);
    else close(false);
  });
  function close(next: boolean) {
    if (!next) {
      setUsername(''); setName(''); setEmail(''); setPassword(''); setRole('editor'); setMethod('invite'); setCreated(null); setTried(false);
    }
    onOpenChange(next);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (refusal(usernameField, username) || optional(staffNameField, name) || optional(staffEmailField, email)
      || (method === 'password' && refusal(newPasswordField, password))) return;
    create.mutate({
      username: username.trim(), role, name: name.trim() || undefined, email: email.trim() || undefined,
      ...(method === 'invite' ? { invite: true } : { password }),
    });
  };
  return (
    <AdminDialog open={open} onOpenChange={close} title="حساب تازه" description={`نقش ${ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role]}`}>
      {created?.invitation ? (
        <div className="space-y-4">
          <InvitationLink invitation={created.invitation} username={created.user.username} />
          <div className="flex justify-end"><button type="button" className={adminButton.primary} onClick={() => close(false)}>پایان</button></div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-3" noValidate>
          <Field label="نام کاربری" hint="حروف، رقم، نقطه، خط تیره یا زیرخط؛ ۳ تا ۶۴ نویسه" error={usernameError}>
            {(id, described) => <input id={id} {...described} required value={username} onChange={(e) => setUsername(e.target.value)} dir="auto" autoComplete="off" className={inputStyles} />}
          </Field>
          <Field label="نام" hint={`اختیاری؛ حداکثر ${toPersianDigits(STAFF_NAME_MAX)} نویسه`} error={nameError}>
            {(id, described) => <input id={id} {...described} value={name} onChange={(e) => setName(e.target.value)} maxLength={STAFF_NAME_MAX} dir="auto" className={inputStyles} />}
          </Field>
          <Field label="ایمیل" hint={mailConfigured ? 'پیوند دعوت به این نشانی فرستاده می‌شود' : 'سرویس ایمیل پیکربندی نشده است؛ پیوند دعوت را خودتان بدهید'} error={emailError}>
            {(id, described) => <input id={id} {...described} type="email" value={email} onChange={(e) => setEmail(e.target.value)} dir="ltr" className={inputStyles} />}
          </Field>
          <Select label="نقش" value={role} onChange={setRole} options={ROLE_OPTIONS} />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">رمز عبور</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="method" checked={method === 'invite'} onChange={() => setMethod('invite')} className="accent-current" />
              پیوند دعوت یک‌بارمصرف (خود فرد رمز را تعیین می‌کند)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="method" checked={method === 'password'} onChange={() => setMethod('password')} className="accent-current" />
              تعیین رمز عبور همین حالا
            </label>
          </fieldset>
          {method === 'password' && (
            <Field label="رمز عبور تازه" hint="دست‌کم ۱۰ نویسه" error={passwordError}>
              {(id, described) => <input id={id} {...described} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} dir="ltr" className={inputStyles} />}
            </Field>
          )}
          <div className="flex justify-end gap-2 pt-2">
            <button type="submit" className={adminButton.primary} disabled={create.isPending}>{method === 'invite' ? 'ساخت و دعوت' : 'ساخت حساب'}</button>
          </div>
        </form>
      )}
    </AdminDialog>
  );
}
