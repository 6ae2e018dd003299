from rollwrite.cli.fast import main

if __name__ == "__main__":
    main()
