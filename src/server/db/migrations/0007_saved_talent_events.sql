ALTER TYPE "event_type" ADD VALUE 'companySavedTalentList.create' BEFORE 'company.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'companySavedTalentList.update' BEFORE 'company.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'companySavedTalentList.delete' BEFORE 'company.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'companySavedTalent.create' BEFORE 'company.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'companySavedTalent.update' BEFORE 'company.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'companySavedTalent.delete' BEFORE 'company.update';