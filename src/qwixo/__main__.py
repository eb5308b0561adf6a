import sys

from qwixo.cli import main

sys.exit(main())
