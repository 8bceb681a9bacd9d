-- The mails sent before a sent mail lost its links (mail/queries.ts markMailSent) lose them too: their
-- confirmation, reset and invitation links would otherwise stay keys to accounts for as long as the row.
UPDATE "mail_outbox" SET "data" = "data"
  || CASE WHEN "data" ? 'link' THEN '{"link": "[link removed after sending]"}'::jsonb ELSE '{}'::jsonb END
  || CASE WHEN "data" ? 'token' THEN '{"token": "[link removed after sending]"}'::jsonb ELSE '{}'::jsonb END
WHERE "sent_at" IS NOT NULL AND jsonb_typeof("data") = 'object';
