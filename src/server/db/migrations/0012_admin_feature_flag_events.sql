ALTER TYPE "event_type" ADD VALUE 'talentProfile.read' BEFORE 'impersonation.create';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'featureFlag.create';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'featureFlag.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'featureFlag.delete';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'userFeatureFlag.create';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'userFeatureFlag.delete';