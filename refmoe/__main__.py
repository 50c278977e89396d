"""`python -m refmoe` runs the `refmoe` command line."""
from refmoe.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
