"""Castle Panic tests (a package, so basenames like test_setup.py cannot clash)."""
