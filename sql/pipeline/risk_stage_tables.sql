-- Staging of the load's risk step (pipeline/load-plan/risk.ts), dropped with the load transaction.
CREATE TEMP TABLE risk_stage (
  dot_number        text PRIMARY KEY,
  risk_score        json NOT NULL,
  related_companies json,
  chameleon_links   json
) ON COMMIT DROP;
CREATE TEMP TABLE risk_history_stage (LIKE risk_history) ON COMMIT DROP;
