// Site-wide sign-in rules an owner sets in the admin, kept in the settings table so every
// process reads the same.
import { eq } from 'drizzle-orm';
import { settings, type Db } from '@chapar/db';

const KEY = 'security';

export interface SecuritySettings {
  /** Owners must sign in with a second factor; one without it can only set it up. */
  requireOwnerTwoFactor: boolean;
}

const DEFAULTS: SecuritySettings = { requireOwnerTwoFactor: false };

export const securitySettings = {
  async read(db: Db): Promise<SecuritySettings> {
    const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
    return { ...DEFAULTS, ...(row?.value as Partial<SecuritySettings> | undefined) };
  },
  async write(db: Db, value: SecuritySettings): Promise<void> {
    await db.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  },
};
