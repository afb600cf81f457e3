"""The Cardroom runtime: settings, the Discord client, turn timers, and the service layer."""
