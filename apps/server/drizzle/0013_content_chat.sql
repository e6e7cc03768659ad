CREATE TABLE "chat_images" (
	"name" text PRIMARY KEY NOT NULL,
	"thread_id" bigint NOT NULL,
	"uploader_type" text NOT NULL,
	"uploader_id" bigint NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"thread_id" bigint NOT NULL,
	"sender_type" text NOT NULL,
	"sender_id" bigint,
	"content_type" smallint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_participants" (
	"thread_id" bigint NOT NULL,
	"principal_type" text NOT NULL,
	"principal_id" bigint NOT NULL,
	"role" text NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_participants_thread_id_principal_type_principal_id_pk" PRIMARY KEY("thread_id","principal_type","principal_id")
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_key" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"ref" text,
	"owner_user_id" bigint,
	"owner_visitor_id" bigint,
	"assignee_id" bigint,
	"lang" text DEFAULT 'en' NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_visitors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"joined_user_id" bigint,
	"joined_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_canned_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pid" bigint DEFAULT 0 NOT NULL,
	"section_code" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_category_names" (
	"category_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "content_category_names_category_id_lang_pk" PRIMARY KEY("category_id","lang")
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"category_id" bigint,
	"code" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_seeds" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_translations" (
	"item_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"markdown" text NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_translations_item_id_lang_pk" PRIMARY KEY("item_id","lang")
);
--> statement-breakpoint
ALTER TABLE "chat_images" ADD CONSTRAINT "chat_images_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD CONSTRAINT "chat_participants_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_category_names" ADD CONSTRAINT "content_category_names_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_translations" ADD CONSTRAINT "content_translations_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_images_thread_idx" ON "chat_images" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "chat_messages_thread_idx" ON "chat_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "chat_participants_principal_idx" ON "chat_participants" USING btree ("principal_type","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_key_uq" ON "chat_threads" USING btree ("chat_key");--> statement-breakpoint
CREATE INDEX "chat_threads_inbox_idx" ON "chat_threads" USING btree ("kind","state","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_support_user_uq" ON "chat_threads" USING btree ("owner_user_id") WHERE "chat_threads"."kind" = 'support' and "chat_threads"."owner_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_support_visitor_uq" ON "chat_threads" USING btree ("owner_visitor_id") WHERE "chat_threads"."kind" = 'support' and "chat_threads"."owner_visitor_id" is not null and "chat_threads"."owner_user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_ref_uq" ON "chat_threads" USING btree ("kind","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_visitors_token_uq" ON "chat_visitors" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "support_canned_lang_idx" ON "support_canned_answers" USING btree ("lang","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "content_categories_code_uq" ON "content_categories" USING btree (lower("section_code"));--> statement-breakpoint
CREATE INDEX "content_items_kind_idx" ON "content_items" USING btree ("kind","status","published_at");--> statement-breakpoint
CREATE INDEX "content_items_category_idx" ON "content_items" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_code_uq" ON "content_items" USING btree ("kind",lower("code"));