-- Normalisation and validation macros shared by the ingest adapters (session-scoped: TEMP).
-- Every raw value arrives as VARCHAR; NULL and '' mean "empty" alike.
--
-- Naming: <thing>_of(s) normalises; chk_<kind>(s, col) returns NULL when s is acceptable and an
-- error text naming the column otherwise (adapters COALESCE these into one `_error` per row).
-- These run on every value of the census: the common shapes take a cheap path (plain
-- comparisons, lengths, casts); regular expressions and lambdas only see the odd values.

-- Text ---------------------------------------------------------------------------------------
CREATE OR REPLACE TEMP MACRO txt(s) AS coalesce(trim(s), '');
CREATE OR REPLACE TEMP MACRO utxt(s) AS upper(coalesce(trim(s), ''));
CREATE OR REPLACE TEMP MACRO blank(s) AS s IS NULL OR trim(s) = '';
CREATE OR REPLACE TEMP MACRO digits_of(s) AS regexp_replace(coalesce(s, ''), '[^0-9]', '', 'g');
-- US phone: digits only; an 11-digit number with the country code 1 loses it.
CREATE OR REPLACE TEMP MACRO phone_of(s) AS
  regexp_replace(regexp_replace(coalesce(s, ''), '[^0-9]', '', 'g'), '^1([0-9]{10})$', '\1');
CREATE OR REPLACE TEMP MACRO email_of(s) AS lower(coalesce(trim(s), ''));
-- A semicolon list ('PRIVATE PROPERTY;AUTHORIZED FOR HIRE') as trimmed uppercase items.
CREATE OR REPLACE TEMP MACRO split_list_slow(s) AS
  list_filter(list_transform(string_split(s, ';'), x -> upper(trim(x))), x -> x <> '');
CREATE OR REPLACE TEMP MACRO split_list(s) AS CASE
  WHEN s IS NULL OR s = '' THEN []::VARCHAR[]
  WHEN contains(s, ' ;') OR contains(s, '; ') OR contains(s, ';;') OR s[1] = ';' OR s[-1] = ';' OR s <> trim(s)
    THEN split_list_slow(s)
  ELSE string_split(upper(s), ';')
END;
-- Labels joined by concat_ws(';', CASE WHEN ... THEN 'label' END, ...) → a list ('' → []).
-- (Macro arguments are pasted in as expressions: each is referenced once, so the 30-flag
-- concat_ws is neither planned nor evaluated twice.)
CREATE OR REPLACE TEMP MACRO label_list(s) AS coalesce(string_split(nullif(s, ''), ';'), []::VARCHAR[]);

-- Flags: X (census cargo), Y (most files), true/1 (Socrata exports) are set; anything else (N,
-- false, blank) is not. Exact tokens, looked up with list_contains: an IN list of 13 strings in
-- each of 30 cargo CASEs is slow for the optimizer to plan; a list lookup is not.
CREATE OR REPLACE TEMP MACRO flag(s) AS
  coalesce(list_contains(['X', 'Y', 'x', 'y', 'true', 'TRUE', 'True', 'T', 't', '1', 'YES', 'Yes', 'yes'], s), false);

-- A flag column that may hold words instead (SMS census OP_OTHER): the words, '' for a flag value.
CREATE OR REPLACE TEMP MACRO op_other_text(s) AS CASE
  WHEN s IS NULL OR list_contains(['', 'Y', 'N', 'X', 'T', 'F', 'TRUE', 'FALSE', 'YES', 'NO', '0', '1'], utxt(s)) THEN ''
  ELSE utxt(s)
END;

-- Numbers --------------------------------------------------------------------------------------
CREATE OR REPLACE TEMP MACRO int_of(s) AS TRY_CAST(s AS BIGINT);
CREATE OR REPLACE TEMP MACRO int0(s) AS coalesce(TRY_CAST(s AS BIGINT), 0);
CREATE OR REPLACE TEMP MACRO num_of(s) AS TRY_CAST(replace(s, '%', '') AS DOUBLE);
-- Amounts in thousands of dollars ('00750', '1000', '750.5', '$1,000') → dollars. Y/N (some files
-- write a flag where an amount belongs) and blanks mean "unknown amount": 0.
CREATE OR REPLACE TEMP MACRO thousands_of(s) AS coalesce(
  TRY_CAST(s AS DECIMAL(18, 3)),
  TRY_CAST(replace(replace(trim(s), '$', ''), ',', '') AS DECIMAL(18, 3)));
CREATE OR REPLACE TEMP MACRO is_yn(s) AS s IN ('Y', 'N', 'y', 'n') OR upper(trim(s)) IN ('Y', 'N');
CREATE OR REPLACE TEMP MACRO amount_of(s) AS CASE
  WHEN s IS NULL OR s = '' THEN 0
  WHEN TRY_CAST(s AS DECIMAL(18, 3)) IS NOT NULL THEN CAST(round(TRY_CAST(s AS DECIMAL(18, 3)) * 1000) AS BIGINT)
  WHEN blank(s) OR is_yn(s) THEN 0
  ELSE CAST(round(thousands_of(s) * 1000) AS BIGINT)
END;

-- Whole dollars (Motus: '750000.00', '750000') → BIGINT; blank → 0.
CREATE OR REPLACE TEMP MACRO dollars_of(s) AS CASE
  WHEN s IS NULL OR trim(s) = '' THEN 0
  ELSE CAST(round(coalesce(TRY_CAST(trim(s) AS DECIMAL(18, 3)),
                           TRY_CAST(replace(replace(trim(s), '$', ''), ',', '') AS DECIMAL(18, 3)))) AS BIGINT)
END;
-- An on-file column (legacy CARGO_FILE/BOND_FILE, Motus *_FILE): `Y`/`N` in every real row, an
-- amount in some copies. filed: on file at all. The amount: `Y` says "on file" without one (NULL,
-- unknown), `N` or blank is 0, a number is the amount (`scale` 1000 for legacy thousands).
CREATE OR REPLACE TEMP MACRO filed_of(s) AS flag(s) OR coalesce(TRY_CAST(trim(s) AS DECIMAL(18, 3)) > 0, false);
CREATE OR REPLACE TEMP MACRO on_file_of(s, scale) AS CASE
  WHEN flag(s) THEN NULL
  WHEN s IS NULL OR trim(s) = '' OR is_yn(s) THEN 0
  ELSE CAST(round(TRY_CAST(trim(s) AS DECIMAL(18, 3)) * scale) AS BIGINT)
END;
-- SMS _PCT: 'N%' → N; words ('Less than 5 vehicle inspections') are the reason there is none.
CREATE OR REPLACE TEMP MACRO pct_of(s) AS TRY_CAST(replace(trim(s), '%', '') AS DOUBLE);
CREATE OR REPLACE TEMP MACRO pct_reason_of(s) AS CASE WHEN pct_of(s) IS NULL THEN nullif(trim(s), '') END;

-- Identifiers ----------------------------------------------------------------------------------
-- USDOT number: digits without zero padding; NULL when empty, all zeros (L&I: 00000000 = none) or
-- not plain digits (the cast must give back the same digits: no signs, decimals or exponents).
CREATE OR REPLACE TEMP MACRO dot_of(s) AS CASE
  WHEN TRY_CAST(s AS BIGINT) > 0 AND CAST(TRY_CAST(s AS BIGINT) AS VARCHAR) = ltrim(trim(s), '0')
  THEN CAST(TRY_CAST(s AS BIGINT) AS VARCHAR)
END;
-- Docket 'MC000045', 'MC-45', 'mc 45', '000045' → prefix ('MC'/'MX'/'FF' or '') and bare number.
CREATE OR REPLACE TEMP MACRO docket_prefix_of(s) AS CASE
  WHEN upper(trim(s)[1:2]) IN ('MC', 'MX', 'FF') THEN upper(trim(s)[1:2]) ELSE ''
END;
CREATE OR REPLACE TEMP MACRO docket_number_of(s) AS nullif(ltrim(
  CASE WHEN docket_prefix_of(s) <> '' THEN trim(s)[3:] ELSE trim(coalesce(s, '')) END, '- 0'), '');
-- A bare MC number from a (prefix, number) pair of the census; NULL unless the prefix is MC.
CREATE OR REPLACE TEMP MACRO mc_of(prefix, num) AS CASE
  WHEN coalesce(nullif(utxt(prefix), ''), docket_prefix_of(num)) = 'MC' THEN docket_number_of(num)
END;

-- Dates ----------------------------------------------------------------------------------------
-- Accepted: YYYYMMDD, 'YYYYMMDD HHMM', YYYY-MM-DD[Thh:mm...], M/D/YYYY[ time], DD-MON-YY,
-- DD-MON-YYYY. All-zero placeholders (00000000, 00/00/0000) mean "none".
CREATE OR REPLACE TEMP MACRO zero_date(s) AS regexp_full_match(trim(s), '[0/ :-]+');
CREATE OR REPLACE TEMP MACRO date_slow(s) AS CASE
  WHEN blank(s) OR zero_date(s) THEN NULL
  WHEN regexp_full_match(trim(s), '[0-9]{8}( [0-9]{3,4})?') THEN try_strptime(left(trim(s), 8), '%Y%m%d')::DATE
  WHEN regexp_full_match(trim(s), '[0-9]{4}-[0-9]{2}-[0-9]{2}([T ].*)?') THEN try_strptime(left(trim(s), 10), '%Y-%m-%d')::DATE
  WHEN regexp_full_match(trim(s), '[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}( .*)?') THEN try_strptime(split_part(trim(s), ' ', 1), '%m/%d/%Y')::DATE
  WHEN regexp_full_match(trim(s), '[0-9]{1,2}-[A-Za-z]{3}-[0-9]{2}') THEN try_strptime(trim(s), '%d-%b-%y')::DATE
  WHEN regexp_full_match(trim(s), '[0-9]{1,2}-[A-Za-z]{3}-[0-9]{4}') THEN try_strptime(trim(s), '%d-%b-%Y')::DATE
END;
-- The layouts of the dumps by length and separator first; anything else through date_slow.
CREATE OR REPLACE TEMP MACRO date_fast(s) AS CASE
  WHEN length(s) = 8 AND s[3] <> '/' THEN try_strptime(s, '%Y%m%d')::DATE
  WHEN length(s) = 13 AND s[9] = ' ' THEN try_strptime(s[1:8], '%Y%m%d')::DATE
  WHEN length(s) = 10 AND s[3] = '/' THEN try_strptime(s, '%m/%d/%Y')::DATE
  WHEN length(s) = 10 AND s[5] = '-' THEN try_strptime(s, '%Y-%m-%d')::DATE
  WHEN length(s) = 9 AND s[3] = '-' THEN try_strptime(s, '%d-%b-%y')::DATE
END;
CREATE OR REPLACE TEMP MACRO date_of(s) AS CASE
  WHEN s IS NULL OR s = '' THEN NULL
  ELSE coalesce(date_fast(s), date_slow(s))
END;

-- Validation -----------------------------------------------------------------------------------
CREATE OR REPLACE TEMP MACRO bad(col, s, what) AS col || ' "' || s || '" is not ' || what;
-- Required USDOT number (census, SMS files).
CREATE OR REPLACE TEMP MACRO chk_dot(s, col) AS CASE
  WHEN dot_of(s) IS NOT NULL THEN NULL
  WHEN blank(s) THEN col || ' is empty'
  ELSE bad(col, s, 'a USDOT number')
END;
-- L&I files: zero-padded, 00000000 (no USDOT number) allowed.
CREATE OR REPLACE TEMP MACRO chk_li_dot(s, col) AS CASE
  WHEN dot_of(s) IS NOT NULL THEN NULL
  WHEN blank(s) THEN col || ' is empty'
  WHEN ltrim(trim(s), '0') = '' THEN NULL
  ELSE bad(col, s, 'a USDOT number')
END;
-- Motus: unpadded; empty or 0 where a docket has no USDOT number (old FF/MX dockets).
CREATE OR REPLACE TEMP MACRO chk_opt_dot(s, col) AS CASE
  WHEN s IS NULL OR dot_of(s) IS NOT NULL OR ltrim(trim(s), '0') = '' THEN NULL
  ELSE bad(col, s, 'a USDOT number')
END;
CREATE OR REPLACE TEMP MACRO chk_int(s, col) AS CASE
  WHEN s IS NULL OR s = '' OR TRY_CAST(s AS BIGINT) IS NOT NULL OR trim(s) = '' THEN NULL
  ELSE bad(col, s, 'an integer')
END;
CREATE OR REPLACE TEMP MACRO chk_num(s, col) AS CASE
  WHEN s IS NULL OR s = '' OR num_of(s) IS NOT NULL OR trim(s) = '' THEN NULL
  ELSE bad(col, s, 'a number')
END;
CREATE OR REPLACE TEMP MACRO chk_amount(s, col) AS CASE
  WHEN s IS NULL OR s = '' OR TRY_CAST(s AS DECIMAL(18, 3)) IS NOT NULL THEN NULL
  WHEN blank(s) OR is_yn(s) OR thousands_of(s) IS NOT NULL THEN NULL
  ELSE bad(col, s, 'an amount')
END;
CREATE OR REPLACE TEMP MACRO chk_date(s, col) AS CASE
  WHEN s IS NULL OR s = '' OR date_fast(s) IS NOT NULL THEN NULL
  WHEN blank(s) OR zero_date(s) OR date_slow(s) IS NOT NULL THEN NULL
  ELSE bad(col, s, 'a date')
END;
CREATE OR REPLACE TEMP MACRO chk_docket(s, col) AS CASE
  WHEN s IS NULL OR s = '' OR regexp_full_match(s, '(MC|MX|FF)?[0-9]+') THEN NULL
  WHEN regexp_full_match(upper(trim(s)), '(MC|MX|FF)?[- ]*[0-9]*') THEN NULL
  ELSE bad(col, s, 'a docket number')
END;

-- Registry codes -------------------------------------------------------------------------------
-- Legacy L&I authority status: A → ACTIVE, I → INACTIVE, N with its application pending (the
-- kind's *_APP_PEND = Y) → PENDING, N or missing → NONE.
CREATE OR REPLACE TEMP MACRO authority_of(s, pending) AS CASE utxt(s)
  WHEN 'A' THEN 'ACTIVE' WHEN 'I' THEN 'INACTIVE' ELSE CASE WHEN flag(pending) THEN 'PENDING' ELSE 'NONE' END
END;
-- Motus OP_AUTH_STATUS (Active, Pending, Inactive, Withdrawn; any case) → upper case.
CREATE OR REPLACE TEMP MACRO motus_status_of(s) AS coalesce(nullif(utxt(s), ''), 'NONE');
-- What a Motus OP_AUTH_TYPE authorises: BROKER, FREIGHT FORWARDER, or CARRIER (motor carrier of
-- property, household goods or passengers; enterprise and Mexico-domiciled variants included).
CREATE OR REPLACE TEMP MACRO authority_kind_of(s) AS CASE
  WHEN contains(utxt(s), 'BROKER') THEN 'BROKER'
  WHEN contains(utxt(s), 'FREIGHT FORWARDER') THEN 'FREIGHT FORWARDER'
  ELSE 'CARRIER'
END;
-- Authority statuses in order of standing, to take a carrier's best over its dockets and kinds:
-- ACTIVE > PENDING > INACTIVE (also Motus Withdrawn and any other ended state) > NONE.
CREATE OR REPLACE TEMP MACRO status_rank(s) AS CASE s WHEN 'ACTIVE' THEN 4 WHEN 'PENDING' THEN 3 WHEN 'NONE' THEN 1 ELSE 2 END;
CREATE OR REPLACE TEMP MACRO rank_status(n) AS CASE n WHEN 4 THEN 'ACTIVE' WHEN 3 THEN 'PENDING' WHEN 2 THEN 'INACTIVE' ELSE 'NONE' END;
-- Insurance form: Motus writes 'BMC-91X', legacy files '91X'; served without the prefix.
CREATE OR REPLACE TEMP MACRO form_of(s) AS regexp_replace(utxt(s), '^BMC[- ]?', '');
-- The legacy type description ('BIPD/Primary', 'CARGO', 'SURETY', 'TRUST FUND') of the codes
-- Motus Insur and legacy Insur carry: INS_TYPE_CODE 1 BI&PD, 2 cargo, 3 bond, 4 trust fund;
-- INS_CLASS_CODE P primary, E excess, 1/2 full security limits (49 CFR 1043.2(b)).
CREATE OR REPLACE TEMP MACRO ins_description_of(type_code, class_code) AS CASE trim(type_code)
  WHEN '1' THEN 'BIPD/' || CASE utxt(class_code) WHEN 'P' THEN 'Primary' WHEN 'E' THEN 'Excess' WHEN '' THEN 'Primary' ELSE 'Full Security' END
  WHEN '2' THEN 'CARGO'
  WHEN '3' THEN 'SURETY'
  WHEN '4' THEN 'TRUST FUND'
  ELSE utxt(type_code)
END;
-- CARSHIP code lists ('C;S'); `cs` is ';' || codes || ';' without spaces. Full words count too.
CREATE OR REPLACE TEMP MACRO carship_of(s) AS ';' || replace(upper(coalesce(s, '')), ' ', '') || ';';
CREATE OR REPLACE TEMP MACRO has_code(cs, code, word) AS
  contains(cs, ';' || code || ';') OR contains(cs, ';' || replace(word, ' ', '') || ';');

-- Export to PostgreSQL -------------------------------------------------------------------------
-- A text[] literal for COPY ... CSV: {"a","b \"c\""}.
CREATE OR REPLACE TEMP MACRO pg_text_array(l) AS
  '{' || coalesce(list_aggregate(list_transform(l, x -> '"' || replace(replace(x, '\', '\\'), '"', '\"') || '"'), 'string_agg', ','), '') || '}';
