/**
 * Password rules as the reader types (SPEC §9): at least 6 characters when
 * the provider states no policy; otherwise what its policy requires.
 */
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;

/** The fields of Firebase's `PasswordValidationStatus` we read. */
export interface PasswordCheck {
  isValid?: boolean;
  meetsMinPasswordLength?: boolean;
  meetsMaxPasswordLength?: boolean;
  containsLowercaseLetter?: boolean;
  containsUppercaseLetter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
  passwordPolicy?: { customStrengthOptions?: { minPasswordLength?: number; maxPasswordLength?: number } };
}

/** What the password still lacks, one short phrase each; empty when it passes. */
export function missingPasswordRules(check: PasswordCheck): string[] {
  const opts = check.passwordPolicy?.customStrengthOptions ?? {};
  const missing: string[] = [];
  if (check.meetsMinPasswordLength === false) missing.push(`at least ${opts.minPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH} characters`);
  if (check.meetsMaxPasswordLength === false) missing.push(`at most ${opts.maxPasswordLength ?? 4096} characters`);
  if (check.containsLowercaseLetter === false) missing.push('a lowercase letter');
  if (check.containsUppercaseLetter === false) missing.push('an uppercase letter');
  if (check.containsNumericCharacter === false) missing.push('a number');
  if (check.containsNonAlphanumericCharacter === false) missing.push('a symbol (not a letter or number)');
  return missing;
}

/** The check used when no policy is known. */
export function defaultPasswordCheck(password: string): PasswordCheck {
  return { meetsMinPasswordLength: password.length >= DEFAULT_MIN_PASSWORD_LENGTH, isValid: password.length >= DEFAULT_MIN_PASSWORD_LENGTH };
}

/** One sentence for the form, or null when nothing is missing. */
export function passwordHint(missing: string[]): string | null {
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return `Your password needs ${list}.`;
}
