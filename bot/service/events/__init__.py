"""Events (issue 27): the pure planning of tournaments — payouts, the knockout's seating and level
clock, the rounds format's pairing and standings. No database, no Discord: the service that runs
an event stores its inputs and asks these modules what follows, so a restart plans the same."""
