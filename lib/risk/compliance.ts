/**
 * Compliance component (weight 40): may the carrier operate, is it about to lose that right, how
 * long has it held it, is its registration current, and does it look like a revoked carrier.
 */
import { activeAuthoritySince, AUTHORITY_KINDS, authorityStates, needsOperatingAuthority } from './authority.ts';
import { isoDate } from './dates.ts';
import { dateReached, monthsAtLeast } from './horizon.ts';
import { chameleonFindings } from './chameleon.ts';
import type { Finding } from './flags.ts';
import type { RiskInput } from './input.ts';
import { COMPLIANCE } from './thresholds.ts';

/** What makes the carrier need interstate authority, for the NOT_AUTHORIZED message. */
function needReason(input: RiskInput): string {
  if (input.entity_type === 'BROKER' || input.entity_type === 'FREIGHT FORWARDER') return `operation as a ${input.entity_type.toLowerCase()}`;
  return input.carrier_operation === 'A' ? 'interstate for-hire operation' : 'for-hire operation (interstate unless the census says otherwise)';
}

function statusFindings(input: RiskInput): Finding[] {
  const found: Finding[] = [];
  if (input.carrier_status !== 'ACTIVE') {
    const r = COMPLIANCE.carrierInactive;
    found.push({
      code: 'CARRIER_INACTIVE',
      severity: 'critical',
      message: `USDOT status is ${input.carrier_status}: the carrier may not operate; overall score capped at ${r.cap}.`,
      deduction: r.deduction,
      cap: r.cap,
    });
  }
  const states = authorityStates(input);
  const values = AUTHORITY_KINDS.map((k) => states[k]);
  const detail = AUTHORITY_KINDS.map((k) => `${k.toLowerCase()} ${states[k]}`).join(', ');
  // Only a carrier that needs interstate authority lacks something without it (authority.ts).
  if (!values.includes('ACTIVE') && needsOperatingAuthority(input)) {
    if (values.includes('PENDING')) {
      const r = COMPLIANCE.authorityPending;
      found.push({
        code: 'AUTHORITY_PENDING',
        severity: 'critical',
        message: `Operating authority applied for, not granted (${detail}): it may not operate for hire yet; overall score capped at ${r.cap}.`,
        deduction: r.deduction,
        cap: r.cap,
      });
    } else if (values.includes('INACTIVE')) {
      const r = COMPLIANCE.authorityInactive;
      found.push({
        code: 'AUTHORITY_INACTIVE',
        severity: 'critical',
        message: `No active operating authority (${detail}): it was revoked or lapsed; overall score capped at ${r.cap}.`,
        deduction: r.deduction,
        cap: r.cap,
      });
    } else {
      const r = COMPLIANCE.notAuthorized;
      found.push({
        code: 'NOT_AUTHORIZED',
        severity: 'critical',
        message: `No for-hire operating authority on file (${detail}), which its ${needReason(input)} requires; overall score capped at ${r.cap}.`,
        deduction: r.deduction,
        cap: r.cap,
      });
    }
  }
  const pending = input.revocation_pending.split(';').map((s) => s.trim()).filter(Boolean);
  if (pending.length > 0) {
    const r = COMPLIANCE.revocationPending;
    found.push({
      code: 'REVOCATION_PENDING',
      severity: 'critical',
      message: `Revocation pending on ${pending.join(', ')} authority; overall score capped at ${r.cap}.`,
      deduction: r.deduction,
      cap: r.cap,
    });
  }
  return found;
}

/** safety_rating holds the code (S, C, U) or the word; blank means not rated. */
function ratingFindings(input: RiskInput): Finding[] {
  const code = input.safety_rating.trim().toUpperCase().charAt(0);
  if (code === 'U') {
    const r = COMPLIANCE.unsatisfactoryRating;
    return [
      {
        code: 'UNSATISFACTORY_RATING',
        severity: 'critical',
        message:
          `FMCSA safety rating is Unsatisfactory (${input.safety_rating.trim()}): the carrier is prohibited ` +
          `from operating; overall score capped at ${r.cap}.`,
        deduction: r.deduction,
        cap: r.cap,
      },
    ];
  }
  if (code === 'C') {
    return [
      {
        code: 'CONDITIONAL_RATING',
        severity: 'warning',
        message: `FMCSA safety rating is Conditional (${input.safety_rating.trim()}): a compliance review found deficiencies.`,
        deduction: COMPLIANCE.conditionalRating.deduction,
        cap: null,
      },
    ];
  }
  return [];
}

/**
 * Messages state the dates on file and the rule's threshold, never an age or the score date: the
 * nightly score is cached as JSON and rewritten whenever that JSON changes, so a message must stay
 * the same from one day to the next unless the data or a rule's outcome changed.
 */
function ageFindings(input: RiskInput): Finding[] {
  const found: Finding[] = [];
  const since = activeAuthoritySince(input);
  const r = COMPLIANCE.newAuthority;
  if (since !== null) {
    if (!monthsAtLeast(since, input.as_of, r.months)) {
      const warning = !monthsAtLeast(since, input.as_of, r.warningMonths);
      const when =
        !dateReached(since, input.as_of)
          ? 'after the score date, counted as 0 months'
          : warning
            ? `less than ${r.warningMonths} months before the score date`
            : `${r.warningMonths} to ${r.months - 1} full months before the score date`;
      found.push({
        code: 'NEW_AUTHORITY',
        severity: warning ? 'warning' : 'info',
        message: `Operating authority granted ${isoDate(since)}, ${when} (new under ${r.months} months).`,
        deduction: warning ? r.warningDeduction : r.infoDeduction,
        cap: null,
      });
    }
  }
  const stale = COMPLIANCE.staleMcs150;
  if (input.mcs150_date === null) {
    found.push({
      code: 'STALE_MCS150',
      severity: 'info',
      message: `No MCS-150 filing date on file (the update is due every ${stale.months} months).`,
      deduction: stale.deduction,
      cap: null,
    });
  } else if (monthsAtLeast(input.mcs150_date, input.as_of, stale.months)) {
    found.push({
      code: 'STALE_MCS150',
      severity: 'info',
      message:
        `MCS-150 last updated ${isoDate(input.mcs150_date)}, ${stale.months} months or more before the score date ` +
        `(due every ${stale.months} months).`,
      deduction: stale.deduction,
      cap: null,
    });
  }
  return found;
}

export function complianceFindings(input: RiskInput): Finding[] {
  return [...statusFindings(input), ...ratingFindings(input), ...chameleonFindings(input), ...ageFindings(input)];
}
