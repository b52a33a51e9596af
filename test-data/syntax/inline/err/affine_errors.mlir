#a = affine_map<(d0, d1)>
#b = affine_map<(i)->(j)>
#c = affine_map<(i)->(i +)>
#d = affine_set<(i) : (i)>
#e = affine_map<(i, i)->(i)>
#f = affine_map<(i)->(* i)>
#g = affine_map<(i, j)->(i, *j)>
