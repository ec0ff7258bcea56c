-- Bulk load: the served tables are replaced inside the load transaction (readers wait, then see
-- the new run; a rollback restores the old one).
TRUNCATE carriers, insurance_policies, carrier_core_json
