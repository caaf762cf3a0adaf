# The web guide's team statistics page, /stats (en-US).

web-stats-title = Team statistics
web-stats-intro = What this team's guide and bot were asked, counted from the query log. Counts only: no person is named or shown.
web-stats-locked = This page needs the team's token (the stats_token setting)
web-stats-open = Open
web-stats-window = Period
web-stats-per-day = Questions per day (UTC)
web-stats-no-log = The query log is off (--no-log), so there is nothing to count.
web-stats-failed = The query log could not be read just now. Try again in a moment.
