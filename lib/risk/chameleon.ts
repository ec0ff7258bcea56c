/**
 * Chameleon-carrier signals: the carrier shares identifiers with a carrier that was revoked or
 * shut down. Only the strongest link scores; the flag message explains it.
 */
import { isoDate } from './dates.ts';
import { daysSince } from './horizon.ts';
import type { Finding } from './flags.ts';
import type { ChameleonLink, RiskInput, SharedIdentifier } from './input.ts';
import { SHARED_IDENTIFIERS } from './input.ts';
import { CHAMELEON } from './thresholds.ts';

type ChameleonLevel = keyof typeof CHAMELEON.levels;

interface ScoredLink {
  link: ChameleonLink;
  /** Known identifiers, deduplicated, in SHARED_IDENTIFIERS order. */
  shared: SharedIdentifier[];
  days_since_revocation: number;
  strong: boolean;
  level: ChameleonLevel;
}

/** Strong: shares phone or e-mail, or at least two identifiers. */
function isStrongLink(shared: readonly SharedIdentifier[]): boolean {
  return shared.includes('phone') || shared.includes('email') || shared.length >= 2;
}

/** null when the link does not count at as_of (no known identifier, self link, not yet revoked, too old). */
function scoreLink(link: ChameleonLink, carrierDot: string, asOf: string): ScoredLink | null {
  const shared = SHARED_IDENTIFIERS.filter((id) => link.shared.includes(id));
  if (shared.length === 0 || link.dot_number === carrierDot) return null;
  const days = daysSince(link.revoked_on, asOf);
  // A revocation after as_of had not happened yet on that day (point-in-time correctness).
  if (days < 0 || days > CHAMELEON.maxDays) return null;
  const strong = isStrongLink(shared);
  const recent = days <= CHAMELEON.recentDays;
  const level: ChameleonLevel = strong
    ? recent ? 'strongRecent' : 'strongOlder'
    : recent ? 'weakRecent' : 'weakOlder';
  return { link, shared, days_since_revocation: days, strong, level };
}

/** Strongest first: lowest cap, larger deduction, more identifiers, more recent, lower DOT. */
function compareLinks(a: ScoredLink, b: ScoredLink): number {
  const la = CHAMELEON.levels[a.level];
  const lb = CHAMELEON.levels[b.level];
  return (
    la.cap - lb.cap ||
    lb.deduction - la.deduction ||
    b.shared.length - a.shared.length ||
    a.days_since_revocation - b.days_since_revocation ||
    a.link.dot_number.length - b.link.dot_number.length ||
    (a.link.dot_number < b.link.dot_number ? -1 : a.link.dot_number > b.link.dot_number ? 1 : 0)
  );
}

/** The links that count at as_of, strongest first. */
function rankChameleonLinks(input: Pick<RiskInput, 'dot_number' | 'as_of' | 'chameleon'>): ScoredLink[] {
  const scored = (input.chameleon?.links ?? [])
    .map((link) => scoreLink(link, input.dot_number, input.as_of))
    .filter((s): s is ScoredLink => s !== null)
    .sort(compareLinks);
  // One carrier linked twice (e.g. two rows from the nightly job) counts once, at its strongest.
  const seen = new Set<string>();
  const ranked: ScoredLink[] = [];
  for (const s of scored) {
    if (seen.has(s.link.dot_number)) continue;
    seen.add(s.link.dot_number);
    ranked.push(s);
  }
  return ranked;
}

const list = (items: readonly string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** CHAMELEON_SIGNAL for the strongest link, or nothing. */
export function chameleonFindings(input: RiskInput): Finding[] {
  const [top, ...others] = rankChameleonLinks(input);
  if (!top) return [];
  const level = CHAMELEON.levels[top.level];
  const name = top.link.legal_name ? ` (${top.link.legal_name})` : '';
  // The window the link falls in, not its age in days: the cached nightly score must not change
  // from one day to the next while the link stays in the same window.
  const span =
    top.days_since_revocation <= CHAMELEON.recentDays
      ? `at most ${CHAMELEON.recentDays} days before the score date`
      : `${CHAMELEON.recentDays + 1} to ${CHAMELEON.maxDays} days before the score date`;
  const more = others.length === 0 ? '' : `; ${others.length} more linked carrier${others.length === 1 ? '' : 's'}`;
  return [
    {
      code: 'CHAMELEON_SIGNAL',
      severity: level.severity,
      message:
        `Shares ${list(top.shared)} with DOT ${top.link.dot_number}${name}, revoked or shut down on ` +
        `${isoDate(top.link.revoked_on)} (${span}); ` +
        `${top.strong ? 'strong' : 'weak'} link, overall score capped at ${level.cap}${more}.`,
      deduction: level.deduction,
      cap: level.cap,
    },
  ];
}
