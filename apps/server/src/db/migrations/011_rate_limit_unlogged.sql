-- Rate-limit counters are written by every login, registration, activation and plug-in registration. They need
-- not survive a crash (PostgreSQL empties an unlogged table after one: the windows start afresh), so they are
-- kept out of the write-ahead log, and a hit costs no WAL record and no flush at commit. Standbys do not hold
-- them either: after a fail-over the limits start afresh too, which is no weaker than after a restart.
ALTER TABLE rate_limit SET UNLOGGED;
