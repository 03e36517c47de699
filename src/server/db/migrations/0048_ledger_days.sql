-- A company's ledger summed by day (UTC), currency and kind (schema/billing.ts,
-- talentBalanceDay), kept in step by the database on every insert, change and delete of a
-- ledger row, whoever writes it: the dashboard's roster balances read a few thousand rows
-- instead of every movement of a company with years of payouts.
CREATE TABLE "talent_balance_day" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" char(3) NOT NULL,
	"type" "balance_transaction_type" NOT NULL,
	"money_in" numeric(18, 2) DEFAULT '0' NOT NULL,
	"money_out" numeric(18, 2) DEFAULT '0' NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "talent_balance_day_company_id_day_currency_type_pk" PRIMARY KEY("company_id","day","currency","type")
);
--> statement-breakpoint
-- One statement at a time (transition tables), not row by row: a bulk write of 50,000 rows
-- updates each of its days once.
CREATE FUNCTION talent_balance_day_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE talent_balance_day d SET
      money_in = d.money_in - r.money_in,
      money_out = d.money_out - r.money_out,
      entries = d.entries - r.entries
    FROM (SELECT company_id, (created_at AT TIME ZONE 'UTC')::date AS day, currency, type,
                 sum(greatest(change, 0)) AS money_in, sum(least(change, 0)) AS money_out, count(*)::int AS entries
          FROM removed GROUP BY 1, 2, 3, 4) r
    WHERE d.company_id = r.company_id AND d.day = r.day AND d.currency = r.currency AND d.type = r.type;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO talent_balance_day (company_id, day, currency, type, money_in, money_out, entries)
    SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, currency, type, sum(greatest(change, 0)), sum(least(change, 0)), count(*)
    FROM added GROUP BY 1, 2, 3, 4
    ON CONFLICT (company_id, day, currency, type) DO UPDATE SET
      money_in = talent_balance_day.money_in + excluded.money_in,
      money_out = talent_balance_day.money_out + excluded.money_out,
      entries = talent_balance_day.entries + excluded.entries;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER talent_balance_day_insert AFTER INSERT ON "talent_balance_transaction"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION talent_balance_day_change();--> statement-breakpoint
CREATE TRIGGER talent_balance_day_update AFTER UPDATE ON "talent_balance_transaction"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION talent_balance_day_change();--> statement-breakpoint
CREATE TRIGGER talent_balance_day_delete AFTER DELETE ON "talent_balance_transaction"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION talent_balance_day_change();--> statement-breakpoint
INSERT INTO talent_balance_day (company_id, day, currency, type, money_in, money_out, entries)
SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, currency, type, sum(greatest(change, 0)), sum(least(change, 0)), count(*)
FROM talent_balance_transaction GROUP BY 1, 2, 3, 4;
