/* One line per test group (a function in one of the tests/unit files). */
GROUP(test_jrand)
GROUP(test_softmax)
GROUP(test_canvas)
GROUP(test_num_params)
GROUP(test_ini)
GROUP(test_golden)
GROUP(test_fastattn)
GROUP(test_iniparser_pitfalls)
