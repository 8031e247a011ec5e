from fourwinds.cli import main

main()
