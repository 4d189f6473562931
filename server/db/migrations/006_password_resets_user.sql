-- A password change or reset uses up every outstanding link of the account (WHERE user_id = ...),
-- and deleting a user cascades to its links: both look them up by user.
CREATE INDEX password_resets_user_idx ON password_resets (user_id);
