import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import type { InvitationInfo } from '@chapar/shared/contracts';
import { formatJalaliDateTime } from '@chapar/shared/text';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';

/** The one-time link to pass on (or the note that it went by e-mail), with a copy button. */
export function InvitationLink({ invitation, username }: { invitation: InvitationInfo; username: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(invitation.url);
    setCopied(true);
  };
  return (
    <div className="space-y-2 rounded-xl border border-border bg-surface p-3" data-invitation-link>
      <p className="text-sm">
        {invitation.emailed
          ? <>پیوند دعوت برای <bdi>{username}</bdi> ایمیل شد. اگر نرسید، همین پیوند را به او بدهید.</>
          : <>این پیوند یک‌بارمصرف را به <bdi>{username}</bdi> بدهید تا رمز عبورش را تعیین کند.</>}
        {' '}تا {formatJalaliDateTime(invitation.expiresAt)} کار می‌کند.
      </p>
      <div className="flex gap-2">
        <input readOnly value={invitation.url} dir="ltr" aria-label="پیوند دعوت" className={`${inputStyles} font-mono text-xs`} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className={buttonStyles.secondary} onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'رونوشت شد' : 'رونوشت'}
        </button>
      </div>
    </div>
  );
}
