-- The cached default-policy score, related companies and chameleon links of the staged carriers.
UPDATE carriers c
SET risk_score = s.risk_score, related_companies = s.related_companies, chameleon_links = s.chameleon_links
FROM risk_stage s
WHERE c.dot_number = s.dot_number
