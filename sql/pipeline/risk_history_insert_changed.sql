-- Staged rows whose score, grade, tier or flag set differs from the carrier's last row before this
-- batch ($1), or that are its first row.
INSERT INTO risk_history
SELECT s.*
FROM risk_history_stage s
WHERE NOT EXISTS (
  SELECT 1
  FROM (
    SELECT h.score, h.grade, h.tier, h.flag_codes
    FROM risk_history h
    WHERE h.dot_number = s.dot_number AND h.computed_at < $1
    ORDER BY h.computed_at DESC
    LIMIT 1
  ) last
  WHERE last.score = s.score AND last.grade = s.grade AND last.tier = s.tier AND last.flag_codes = s.flag_codes
)
