-- Identifier normalisation for related companies (session-scoped: TEMP). Two carriers are related
-- when these keys are equal. The snapshot already holds phone as digits, e-mail trimmed lowercase,
-- officers, city and state trimmed uppercase. Cheap on purpose: each runs over every carrier
-- (one regexp per text; a CASE, not a lambda with a MAP literal, which is far slower there).

-- Uppercase words: anything but letters and digits becomes one space.
CREATE OR REPLACE TEMP MACRO rel_words(s) AS trim(regexp_replace(upper(coalesce(s, '')), '[^A-Z0-9]+', ' ', 'g'));

-- A US phone that identifies someone: 10 digits, a valid area code (not 0 or 1 first) and not one
-- digit repeated (0000000000, 5555555555 are placeholders).
CREATE OR REPLACE TEMP MACRO rel_phone(p) AS CASE
  WHEN length(p) = 10 AND p[1] BETWEEN '2' AND '9' AND replace(p, p[1], '') <> '' THEN p
END;

CREATE OR REPLACE TEMP MACRO rel_email(e) AS CASE WHEN e LIKE '_%@_%._%' AND NOT contains(e, ' ') THEN e END;

-- USPS abbreviation of a street word, so '12 North Main Street, Suite 4' = '12 N MAIN ST STE 4'.
CREATE OR REPLACE TEMP MACRO rel_abbrev(w) AS CASE w
  WHEN 'STREET' THEN 'ST' WHEN 'AVENUE' THEN 'AVE' WHEN 'AV' THEN 'AVE' WHEN 'ROAD' THEN 'RD'
  WHEN 'DRIVE' THEN 'DR' WHEN 'BOULEVARD' THEN 'BLVD' WHEN 'LANE' THEN 'LN' WHEN 'COURT' THEN 'CT'
  WHEN 'PLACE' THEN 'PL' WHEN 'PARKWAY' THEN 'PKWY' WHEN 'HIGHWAY' THEN 'HWY' WHEN 'CIRCLE' THEN 'CIR'
  WHEN 'TRAIL' THEN 'TRL' WHEN 'TERRACE' THEN 'TER' WHEN 'SQUARE' THEN 'SQ' WHEN 'EXPRESSWAY' THEN 'EXPY'
  WHEN 'FREEWAY' THEN 'FWY' WHEN 'SUITE' THEN 'STE' WHEN 'APARTMENT' THEN 'APT' WHEN 'BUILDING' THEN 'BLDG'
  WHEN 'FLOOR' THEN 'FL' WHEN 'ROOM' THEN 'RM' WHEN 'NUMBER' THEN 'NO' WHEN 'NORTH' THEN 'N'
  WHEN 'SOUTH' THEN 'S' WHEN 'EAST' THEN 'E' WHEN 'WEST' THEN 'W' WHEN 'NORTHEAST' THEN 'NE'
  WHEN 'NORTHWEST' THEN 'NW' WHEN 'SOUTHEAST' THEN 'SE' WHEN 'SOUTHWEST' THEN 'SW'
  ELSE w
END;

-- Physical address key: street|city|state|zip5; NULL without a street (nothing to share).
CREATE OR REPLACE TEMP MACRO rel_address(street, city, state, zip) AS
  nullif(array_to_string(list_transform(string_split(rel_words(street), ' '), w -> rel_abbrev(w)), ' '), '')
  || '|' || rel_words(city) || '|' || coalesce(state, '') || '|' || left(trim(coalesce(zip, '')), 5);

-- Officer name: its words sorted, so 'SMITH, JOHN A.' = 'JOHN A SMITH'. Initials stay: without
-- them common names pair up by the hundred thousand. The caller keeps names of two words or more
-- (one word identifies nobody).
CREATE OR REPLACE TEMP MACRO rel_person(s) AS array_to_string(list_sort(string_split(rel_words(s), ' ')), ' ');
