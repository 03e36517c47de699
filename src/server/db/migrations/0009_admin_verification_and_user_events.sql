ALTER TYPE "event_type" ADD VALUE 'user.update' BEFORE 'company.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'user.delete' BEFORE 'company.update';--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "rejection_reason" text;