"""Mr. Jack Pocket's interfaces.  They read views and send actions; the rules
live in the engine."""
