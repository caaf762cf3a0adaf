# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = Answered in English because you wrote in English
