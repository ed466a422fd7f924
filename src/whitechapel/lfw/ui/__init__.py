"""Letters from Whitechapel's widgets and screens: they read views and send actions."""
