/** What `refusal` needs of a contract's field (a zod schema of @chapar/shared/contracts). */
interface Field {
  safeParse(value: unknown): { error?: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * The contract's own Persian sentence for a value its field refuses (undefined when accepted):
 * forms check before sending with the server's rule and words, not a copy of them.
 */
export function refusal(field: Field, value: unknown): string | undefined {
  return field.safeParse(value).error?.issues[0]?.message;
}
