# "X em A ou B": uma configuração seguinte avaliada em outro formato ou runtime que a primeira
# (cada uma como o dono rodaria) diz qual, depois do nome.
verdict-each-run-as = { $what ->
    [runtime] { $setup } com { $runtime }
    [precision] { $setup } em { $precision }
   *[both] { $setup } em { $precision } com { $runtime }
}
